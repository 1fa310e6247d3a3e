# Dumps what fontTools reads of a font: metrics, names, cmap, advances,
# kerning (GPOS 'kern' for latn+DFLT default langsys, else kern format 0),
# and every glyph's outline with quadratics decomposed the BasePen way.
import sys
from fontTools.ttLib import TTFont
from fontTools.pens.basePen import BasePen

def fmt(v):
    r = repr(float(v))
    return r

class P(BasePen):
    def __init__(s, gs):
        super().__init__(gs); s.out = []
    def _moveTo(s, p): s.out.append('M ' + ' '.join(map(fmt, p)))
    def _lineTo(s, p): s.out.append('L ' + ' '.join(map(fmt, p)))
    def _qCurveToOne(s, a, b): s.out.append('Q ' + ' '.join(map(fmt, a + b)))
    def _curveToOne(s, a, b, c): s.out.append('C ' + ' '.join(map(fmt, a + b + c)))
    def _closePath(s): s.out.append('Z')
    def _endPath(s): s.out.append('E')

def kern_lookups(f):
    if 'GPOS' not in f: return []
    g = f['GPOS'].table
    feats = set()
    for sr in g.ScriptList.ScriptRecord:
        if sr.ScriptTag in ('latn', 'DFLT') and sr.Script.DefaultLangSys:
            ls = sr.Script.DefaultLangSys
            feats.update(ls.FeatureIndex)
            if ls.ReqFeatureIndex != 0xFFFF: feats.add(ls.ReqFeatureIndex)
    lks = set()
    for fi in feats:
        fr = g.FeatureList.FeatureRecord[fi]
        if fr.FeatureTag == 'kern': lks.update(fr.Feature.LookupListIndex)
    out = []
    for li in sorted(lks):
        l = g.LookupList.Lookup[li]
        subs = []
        for st in l.SubTable:
            if l.LookupType == 9:
                if st.ExtensionLookupType != 2: continue
                st = st.ExtSubTable
            elif l.LookupType != 2: continue
            subs.append(st)
        if subs: out.append(subs)
    return out

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
                v = rec[0].Value1
                total += getattr(v, 'XAdvance', 0) or 0 if v is not None else 0
                break
            else:
                c1 = st.ClassDef1.classDefs.get(ln, 0)
                c2 = st.ClassDef2.classDefs.get(rn, 0)
                if c1 >= st.Class1Count or c2 >= st.Class2Count: continue
                v = st.Class1Record[c1].Class2Record[c2].Value1
                total += (getattr(v, 'XAdvance', 0) or 0) if v is not None else 0
                break
    return total

def main(path, text):
    f = TTFont(path)
    print('F', path)
    order = f.getGlyphOrder()
    ids = {n: i for i, n in enumerate(order)}
    head, hhea, os2 = f['head'], f['hhea'], f.get('OS/2')
    asc, desc, gap = hhea.ascent, hhea.descent, hhea.lineGap
    if os2 is not None and os2.fsSelection & 0x80:
        asc, desc, gap = os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap
    print('H', head.unitsPerEm, asc, desc, gap, len(order), os2.usWeightClass if os2 else 400)
    cmap = f.getBestCmap()
    for ch in text:
        print('U', ord(ch), ids.get(cmap.get(ord(ch)), 0))
    hmtx = f['hmtx']
    if 'glyf' in f:
        glyf = f['glyf']
        class Raw:
            def __init__(s, n): s.n = n
            def draw(s, pen): glyf[s.n].draw(pen, glyf)
        gs = {n: Raw(n) for n in order}
    else:
        gs = f.getGlyphSet()
    for i, n in enumerate(order):
        p = P(gs)
        gs[n].draw(p)
        print('G', i, hmtx[n][0], ' | '.join(p.out))
    lookups = kern_lookups(f)
    glyphs = sorted(set(ids.get(cmap.get(ord(c)), 0) for c in text))
    if lookups:
        for l in glyphs:
            for r in glyphs:
                print('K', l, r, pair_value(lookups, order, l, r))
    elif 'kern' in f:
        kt = [t for t in f['kern'].kernTables if t.format == 0 and t.coverage & 7 == 1]
        for l in glyphs:
            for r in glyphs:
                print('K', l, r, sum(t.kernTable.get((order[l], order[r]), 0) for t in kt))

main(sys.argv[1], "AVTo Tea, WAVE. LTA Yo P. fi ffl Äé €ß ĦŊ ΩЖ ‰ 0123456789 &@#%?!\"'()*+-/:;<=>[]{}|~")
