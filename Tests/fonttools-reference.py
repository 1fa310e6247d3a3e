# What fontTools (an independent implementation) reads of fonts, for the
# font tests to compare with.
#
#   python3 Tests/fonttools-reference.py tables      # the tables pasted into
#                                                    # Tests/BadgeKitTests/Font*Tests.swift
#   python3 Tests/fonttools-reference.py dump FONT   # every glyph of FONT, for
#                                                    # FontToolsComparisonTests
#
# Outlines are drawn through a BasePen, which splits a TrueType run of
# off-curve points into quadratic segments at the implied midpoints, and
# decomposes components; TrueType glyphs are drawn from 'glyf' itself, the
# whole glyph moved by its left side bearing less its xMin when they differ
# (as FreeType and HarfBuzz place it; fontTools' glyph sets move each
# component by its own). Kerning is the sum over the 'kern'
# feature's lookups (default language of 'latn' and 'DFLT') of the first
# pair-adjustment subtable that applies, else the 'kern' table's format 0.
import sys
from fontTools.ttLib import TTFont
from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import ControlBoundsPen
from fontTools.pens.transformPen import TransformPen

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
NIMBUS = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"
FIXTURES = "Tests/BadgeKitTests/FontFiles/"
SAMPLE = "AVTo Tea, WAVE. LTA Yo P. fi ffl Äé €ß ĦŊ ΩЖ ‰ 0123456789 &@#%?!\"'()*+-/:;<=>[]{}|~"


def num(v):
    v = float(v)
    return str(int(v)) if v == int(v) else repr(v)


class Recorder(BasePen):
    def __init__(self, glyphSet):
        super().__init__(glyphSet)
        self.out = []

    def _moveTo(self, p): self.out.append("M " + " ".join(map(num, p)))
    def _lineTo(self, p): self.out.append("L " + " ".join(map(num, p)))
    def _qCurveToOne(self, a, b): self.out.append("Q " + " ".join(map(num, a + b)))
    def _curveToOne(self, a, b, c): self.out.append("C " + " ".join(map(num, a + b + c)))
    def _closePath(self): self.out.append("Z")
    def _endPath(self): self.out.append("E")


class Face:
    def __init__(self, path):
        self.path = path
        self.font = f = TTFont(path)
        self.order = f.getGlyphOrder()
        self.ids = {n: i for i, n in enumerate(self.order)}
        self.cmap = f.getBestCmap()
        if "glyf" in f:
            glyf = f["glyf"]

            class Raw:
                def __init__(self, name): self.name = name
                def draw(self, pen): glyf[self.name].draw(pen, glyf)
            self.glyphs = {n: Raw(n) for n in self.order}
        else:
            self.glyphs = f.getGlyphSet()
        self.lookups = kern_lookups(f)

    def glyph(self, ch): return self.ids.get(self.cmap.get(ord(ch)), 0)
    def advance(self, g): return self.font["hmtx"][self.order[g]][0]

    def draw(self, g, pen, dx=0):
        name = self.order[g]
        if "glyf" in self.font:
            glyph = self.font["glyf"][name]
            if hasattr(glyph, "xMin"):
                dx += self.font["hmtx"][name][1] - glyph.xMin
        self.glyphs[name].draw(TransformPen(pen, (1, 0, 0, 1, dx, 0)) if dx else pen)

    def outline(self, g):
        pen = Recorder(self.glyphs)
        self.draw(g, pen)
        return " | ".join(pen.out)

    def metrics(self):
        f = self.font
        hhea, os2 = f["hhea"], f.get("OS/2")
        m = (hhea.ascent, hhea.descent, hhea.lineGap)
        if os2 is not None and os2.fsSelection & 0x80:
            m = (os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap)
        return (f["head"].unitsPerEm,) + m + (len(self.order), os2.usWeightClass if os2 else 400)

    def kerning(self, l, r):
        if self.lookups:
            return pair_value(self.lookups, self.order, l, r)
        return self.legacy(l, r)

    def legacy(self, l, r):
        if "kern" not in self.font: return 0
        tables = [t for t in self.font["kern"].kernTables if t.format == 0 and t.coverage & 7 == 1]
        return sum(t.kernTable.get((self.order[l], self.order[r]), 0) for t in tables)


def kern_lookups(f):
    if "GPOS" not in f: return []
    g = f["GPOS"].table
    feats = set()
    for sr in g.ScriptList.ScriptRecord:
        if sr.ScriptTag in ("latn", "DFLT") and sr.Script.DefaultLangSys:
            ls = sr.Script.DefaultLangSys
            feats.update(ls.FeatureIndex)
            if ls.ReqFeatureIndex != 0xFFFF: feats.add(ls.ReqFeatureIndex)
    lookups = set()
    for fi in feats:
        fr = g.FeatureList.FeatureRecord[fi]
        if fr.FeatureTag == "kern": lookups.update(fr.Feature.LookupListIndex)
    out = []
    for li in sorted(lookups):
        lookup = g.LookupList.Lookup[li]
        subs = []
        for st in lookup.SubTable:
            if lookup.LookupType == 9:
                if st.ExtensionLookupType != 2: continue
                st = st.ExtSubTable
            elif lookup.LookupType != 2: continue
            subs.append(st)
        if subs: out.append(subs)
    return out


def x_advance(v):
    return (getattr(v, "XAdvance", 0) or 0) if v is not None else 0


def pair_value(lookups, order, l, r):
    ln, rn = order[l], order[r]
    total = 0
    for subs in lookups:
        for st in subs:
            if ln not in st.Coverage.glyphs: continue
            if st.Format == 1:
                ps = st.PairSet[st.Coverage.glyphs.index(ln)]
                rec = [p for p in ps.PairValueRecord if p.SecondGlyph == rn]
                if not rec: continue
                total += x_advance(rec[0].Value1)
                break
            c1 = st.ClassDef1.classDefs.get(ln, 0)
            c2 = st.ClassDef2.classDefs.get(rn, 0)
            if c1 >= st.Class1Count or c2 >= st.Class2Count: continue
            total += x_advance(st.Class1Record[c1].Class2Record[c2].Value1)
            break
    return total


def dump(path):
    face = Face(path)
    print("F", path)
    print("H", *face.metrics())
    for ch in SAMPLE:
        print("U", ord(ch), face.glyph(ch))
    for g in range(len(face.order)):
        print("G", g, face.advance(g), face.outline(g))
    glyphs = sorted(set(face.glyph(c) for c in SAMPLE))
    for l in glyphs:
        for r in glyphs:
            print("K", l, r, face.kerning(l, r))


def swift_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tables_for(name, path, chars, pairs, glyph_names, extra_glyphs=()):
    face = Face(path)
    f = face.font
    print("// %s (%s)" % (name, path))
    print("metrics:", face.metrics(), "names:", f["name"].getDebugName(16) or f["name"].getDebugName(1),
          f["name"].getDebugName(17) or f["name"].getDebugName(2))
    print("characters: [")
    for ch in chars:
        g = face.glyph(ch)
        print("  (0x%04X, %d, %d)," % (ord(ch), g, face.advance(g)))
    print("]")
    print("pairs: [")
    for p in pairs:
        l, r = face.glyph(p[0]), face.glyph(p[1])
        print("  (%s, %d, %d, %d)," % (swift_string(p), l, r, face.kerning(l, r)))
    print("]")
    if "kern" in f:
        print("legacy pairs: [")
        for p in pairs:
            l, r = face.glyph(p[0]), face.glyph(p[1])
            print("  (%d, %d, %d)," % (l, r, face.legacy(l, r)))
        print("]")
    print("outlines: [")
    for n in glyph_names:
        g = face.ids[n]
        print("  (%d, // %s" % (g, n))
        print("   %s)," % swift_string(face.outline(g)))
    for g in extra_glyphs:
        print("  (%d, %d)," % (g, face.advance(g)))
    print("]")


def bounds(path, text):
    face = Face(path)
    pen = ControlBoundsPen(face.glyphs)
    x = 0
    previous = None
    for ch in text:
        g = face.glyph(ch)
        if previous is not None:
            x += face.kerning(previous, g)
        face.draw(g, pen, x)
        x += face.advance(g)
        previous = g
    print("bounds of %s in %s: %s, advance %d" % (swift_string(text), path, pen.bounds, x))


def tables():
    pairs = ["AV", "VA", "To", "Te", "Ty", "Yo", "LT", "P.", "r.", "WA", "AA", "oo"]
    chars = "AVTo éÄ€\ufb01\u2603\U00010300\U0010FFFF"
    tables_for("DejaVu Sans", DEJAVU, chars, pairs,
               ["A", "o", "eacute", "Adieresis", "uni0221", "uni035A", "space"], extra_glyphs=(6237, 6238, 6252))
    tables_for("Nimbus Sans", NIMBUS, chars, pairs,
               ["A", "b", "d", "g", "percent", "ae", "ellipsis", "dollar", "ampersand", "space"])
    for fixture in ["composites.ttf", "cid-fdselect0.otf", "cid-fdselect3.otf"]:
        face = Face(FIXTURES + fixture)
        print("// " + fixture)
        for g, n in enumerate(face.order):
            try:
                print("  (%d, %s), // %s" % (g, swift_string(face.outline(g)), n))
            except Exception as e:
                print("  // %d %s: %r" % (g, n, e))
    bounds(DEJAVU, "Badge Ä AV To 2025")
    bounds(NIMBUS, "Badge Ä AV To 2025")


if __name__ == "__main__":
    if sys.argv[1:2] == ["dump"]:
        dump(sys.argv[2])
    else:
        tables()
