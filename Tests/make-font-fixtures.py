# Writes the small font files in Tests/BadgeKitTests/FontFiles with
# fontTools, for what the installed fonts do not exercise:
#   composites.ttf      TrueType: a contour starting off-curve, one with no
#                       on-curve point, composites with a scale, x and y
#                       scales, a 2x2 matrix, byte and word offsets, a scaled
#                       offset, nesting, and a chain of composites 9 deep.
#   cid-fdselect0.otf,  CFF, CID-keyed with two Font DICTs (FDSelect format
#   cid-fdselect3.otf   0 and 3) whose local subroutines differ; flex,
#                       hflex, hflex1, flex1, hint masks of 1 and 2 bytes,
#                       the width before the first operator, every curve
#                       operator's optional arguments, global subroutines.
# Run from the package root: python3 Tests/make-font-fixtures.py
import os, re, tempfile
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.misc.psCharStrings import T2CharString
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphCoordinates
from fontTools.ttLib.tables.ttProgram import Program

OUT = "Tests/BadgeKitTests/FontFiles"


def common(fb, order, cmap, family, bearings=None):
    fb.setupCharacterMap(cmap)
    fb.setupHorizontalMetrics({n: (600, (bearings or {}).get(n, 0)) for n in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()


def truetype():
    chain = ["n%d" % i for i in range(1, 10)]
    order = [".notdef", "o", "c", "a", "b", "d", "e"] + chain
    fb = FontBuilder(1024, isTTF=True)
    fb.setupGlyphOrder(order)
    glyphs = {}
    p = TTGlyphPen(None)
    p.moveTo((0, 0)); p.lineTo((500, 0)); p.lineTo((500, 700)); p.lineTo((0, 700)); p.closePath()
    glyphs[".notdef"] = p.glyph()
    # 'o': a contour starting with two off-curve points (midpoints
    # implied) and a triangle of on-curve points.
    pts = [(300, 0), (400, 0), (400, 100), (400, 400), (400, 500), (100, 500), (100, 300), (100, 100), (100, 0)]
    on = [0, 0, 1, 1, 0, 0, 1, 1, 0]
    pts += [(200, 200), (300, 200), (250, 300)]
    on += [1, 1, 1]
    o = Glyph()
    o.numberOfContours = 2
    o.coordinates = GlyphCoordinates(pts)
    o.flags = bytearray(on)
    o.endPtsOfContours = [8, 11]
    o.program = Program()
    o.program.fromBytecode(b"")
    glyphs["o"] = o
    # 'c': four off-curve points, no on-curve point.
    p = TTGlyphPen(None)
    p.qCurveTo((0, 200), (200, 400), (400, 200), (200, 0), None)
    p.closePath()
    glyphs["c"] = p.glyph()
    gs = dict(glyphs)
    def comp(parts):
        p = TTGlyphPen(gs)
        for name, t in parts:
            p.addComponent(name, t)
        g = p.glyph()
        gs[name] = g
        return g
    glyphs["a"] = comp([("o", (0.5, 0, 0, 0.5, 100, 50)), ("c", (1.5, 0, 0, 0.75, -20, 10))])
    glyphs["b"] = comp([("o", (0.8, 0.6, -0.6, 0.8, 300, -200))])
    gs["a"], gs["b"] = glyphs["a"], glyphs["b"]
    glyphs["d"] = comp([("a", (1, 0, 0, 1, 0, 0)), ("b", (1, 0, 0, 1, 700, 0))])
    glyphs["e"] = comp([("c", (0.5, 0, 0, 0.5, 100, 40))])
    glyphs["n1"] = comp([("o", (1, 0, 0, 1, 10, 0))])
    gs["n1"] = glyphs["n1"]
    for i in range(2, 10):
        glyphs["n%d" % i] = comp([("n%d" % (i - 1), (1, 0, 0, 1, 10, 0))])
        gs["n%d" % i] = glyphs["n%d" % i]
    fb.setupGlyf(glyphs)
    glyf = fb.font["glyf"]
    # The offset of 'e' scaled with the component (the Apple way).
    glyf["e"].components[0].flags |= 0x0800
    cmap = {ord(ch): n for ch, n in zip("ocabde", ["o", "c", "a", "b", "d", "e"])}
    cmap.update({0x31 + i: "n%d" % (i + 1) for i in range(9)})
    glyf.recalcBounds = True
    for n in order:
        glyf[n].recalcBounds(glyf)
    # Left side bearings equal to xMin, as in fonts made well.
    common(fb, order, cmap, "Badge Fixture Glyf", {n: getattr(glyf[n], "xMin", 0) for n in order})
    fb.save(os.path.join(OUT, "composites.ttf"))


CID_CFF = """
  <CFF>
    <major value="1"/>
    <minor value="0"/>
    <CFFFont name="BadgeFixtureCID">
      <ROS Registry="Adobe" Order="Identity" Supplement="0"/>
      <CIDFontVersion value="0"/>
      <CIDFontRevision value="0"/>
      <CIDFontType value="0"/>
      <CIDCount value="8"/>
      <FullName value="Badge Fixture CID"/>
      <CharstringType value="2"/>
      <FontMatrix value="0.001 0 0 0.001 0 0"/>
      <FontBBox value="0 -200 1000 800"/>
      <FDArray>
        <FontDict index="0">
          <FontMatrix value="1 0 0 1 0 0"/>
          <Private>
            <defaultWidthX value="600"/>
            <nominalWidthX value="0"/>
            <Subrs>
              <CharString index="0">200 0 rlineto return</CharString>
              <CharString index="1">0 100 rlineto -107 callgsubr return</CharString>
            </Subrs>
          </Private>
        </FontDict>
        <FontDict index="1">
          <FontMatrix value="1 0 0 1 0 0"/>
          <Private>
            <defaultWidthX value="600"/>
            <nominalWidthX value="0"/>
            <Subrs>
              <CharString index="0">0 200 rlineto return</CharString>
            </Subrs>
          </Private>
        </FontDict>
      </FDArray>
      <FDSelect format="FORMAT"/>
      <CharStrings>
        <CharString name=".notdef" fdSelectIndex="0">
          50 0 rmoveto 400 0 rlineto 0 700 rlineto -400 0 rlineto endchar
        </CharString>
        <CharString name="cid00001" fdSelectIndex="0">
          620 10 100 hstemhm 20 30 50 40 hintmask 10100000
          100 0 rmoveto -107 callsubr 0 300 rlineto cntrmask 11100000
          0 0 100 50 200 50 300 0 100 -50 200 -50 50 flex -300 0 rlineto endchar
        </CharString>
        <CharString name="cid00002" fdSelectIndex="1">
          100 100 rmoveto -107 callsubr -107 callgsubr
          100 50 30 100 100 50 100 hflex
          50 20 50 30 50 50 50 -30 50 hflex1 endchar
        </CharString>
        <CharString name="cid00003" fdSelectIndex="1">
          0 0 rmoveto 100 10 100 10 100 0 100 -10 100 -10 100 flex1
          10 100 10 100 0 100 -10 100 -10 100 100 flex1
          10 50 20 30 40 vvcurveto 10 50 20 30 40 hhcurveto
          50 20 30 40 vvcurveto 50 20 30 40 hhcurveto endchar
        </CharString>
        <CharString name="cid00004" fdSelectIndex="0">
          10 20 30 40 50 60 70 80 90 100 hstemhm 10 20 30 40 50 60 70 80 vstemhm
          hintmask 1111111110000000 0 0 rmoveto -106 callsubr
          10 20 30 40 50 60 70 80 5 vhcurveto 10 20 30 40 7 hvcurveto
          10 20 30 40 50 60 70 80 90 100 110 120 130 140 rcurveline
          10 20 30 40 50 60 70 80 90 100 110 120 rlinecurve
          30 hmoveto 10 20 30 40 hvcurveto 40 vmoveto 10 20 30 40 vhcurveto endchar
        </CharString>
        <CharString name="cid00005" fdSelectIndex="1">
          30 hmoveto 0 0 rmoveto 40 vmoveto 50 50 rlineto 10 hlineto 10 20 30 vlineto 10 20 hlineto endchar
        </CharString>
        <CharString name="cid00006" fdSelectIndex="0">
          50 50 rlineto 50 -50 rlineto endchar
        </CharString>
        <CharString name="cid00007" fdSelectIndex="1">
          444 endchar
        </CharString>
      </CharStrings>
    </CFFFont>

    <GlobalSubrs>
      <CharString index="0">100 0 rlineto return</CharString>
      <CharString index="1">-10 -10 rlineto return</CharString>
    </GlobalSubrs>
  </CFF>
"""


def cid(fmt):
    order = [".notdef"] + ["cid%05d" % i for i in range(1, 8)]
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(order)
    cs = {n: T2CharString(program=["endchar"]) for n in order}
    fb.setupCFF("BadgeFixtureCID", {"FullName": "Badge Fixture CID"}, cs, {})
    common(fb, order, {0x41 + i: order[i + 1] for i in range(7)}, "Badge Fixture CID")
    with tempfile.TemporaryDirectory() as d:
        ttx = os.path.join(d, "f.ttx")
        fb.font.saveXML(ttx)
        text = open(ttx).read()
        text = re.sub(r"\s*<CFF>.*</CFF>", CID_CFF.replace("FORMAT", str(fmt)), text, flags=re.S)
        open(ttx, "w").write(text)
        font = TTFont()
        font.importXML(ttx)
        path = os.path.join(OUT, "cid-fdselect%d.otf" % fmt)
        font.save(path)
    check = TTFont(path)
    top = check["CFF "].cff.topDictIndex[0]
    assert hasattr(top, "ROS") and top.FDSelect.format == fmt, (top.FDSelect.format, fmt)


os.makedirs(OUT, exist_ok=True)
truetype()
cid(0)
cid(3)
