#!/usr/bin/env python3
"""VectorDrawable XML in (a file, or standard input), SVG out (standard output).

Used by the tests to draw badgec's VectorDrawables with resvg, following
Android's own rules rather than badgec's code:
- a group is translate(translateX + pivotX, translateY + pivotY) ·
  rotate(rotation) · scale(scaleX, scaleY) · translate(-pivotX, -pivotY)
  (android.graphics.drawable.VectorDrawable.VGroup's matrix);
- a clip-path clips the group's children that follow it;
- a path's fill is transparent unless fillColor is given, its stroke is
  none unless strokeColor is; fillAlpha and strokeAlpha multiply;
  fillType nonZero or evenOdd; butt caps, miter joins and a miter limit of
  4 by default;
- colours are #RGB, #ARGB, #RRGGBB or #AARRGGBB;
- an aapt:attr <gradient> is linear (startX…endY), radial (centerX,
  centerY, gradientRadius) or sweep (centerX, centerY: from +x, clockwise,
  one turn), its <item>s its stops, padded (tileMode clamp). SVG has no
  sweep gradient: it is drawn as 1,440 wedges, each its middle angle's
  colour (each reaching on under the next, so that their edges do not
  leave gaps), masked by the path.
"""
import math
import sys
import xml.etree.ElementTree as ET

A = "{http://schemas.android.com/apk/res/android}"
AAPT = "{http://schemas.android.com/aapt}"


def fail(message):
    sys.stderr.write("vectordrawable-to-svg: " + message + "\n")
    sys.exit(1)


def colour(text):
    """(#rrggbb, alpha 0…1) of an Android colour."""
    t = text.strip()
    if not t.startswith("#"):
        fail("not a colour: " + text)
    h = t[1:]
    if len(h) == 3:
        h = "ff" + "".join(c * 2 for c in h)
    elif len(h) == 4:
        h = "".join(c * 2 for c in h)
    elif len(h) == 6:
        h = "ff" + h
    elif len(h) != 8:
        fail("not a colour: " + text)
    return "#" + h[2:], int(h[:2], 16) / 255


def number(element, name, default=None):
    value = element.get(A + name)
    if value is None:
        if default is None:
            fail("<%s> needs android:%s" % (element.tag, name))
        return default
    return float(value.replace("dp", ""))


class Writer:
    def __init__(self):
        self.defs = []
        self.count = 0

    def new_id(self, prefix):
        self.count += 1
        return "%s%d" % (prefix, self.count)

    def stops(self, gradient):
        items = []
        for item in gradient.findall("item"):
            c, a = colour(item.get(A + "color"))
            items.append((float(item.get(A + "offset")), c, a))
        return items

    def paint(self, path, attribute):
        """The SVG paint of fillColor or strokeColor, or a sweep to draw."""
        value = path.get(A + attribute)
        if value is not None:
            return colour(value), None
        for child in path.findall(AAPT + "attr"):
            if child.get("name") != "android:" + attribute:
                continue
            gradient = child.find("gradient")
            if gradient is None:
                fail("aapt:attr without a <gradient>")
            kind = gradient.get(A + "type", "linear")
            stops = self.stops(gradient)
            gid = self.new_id("g")
            stop_text = "".join(
                '<stop offset="%g" stop-color="%s" stop-opacity="%g"/>' % s for s in stops
            )
            if kind == "linear":
                self.defs.append(
                    '<linearGradient id="%s" gradientUnits="userSpaceOnUse" x1="%g" y1="%g" x2="%g" y2="%g">%s</linearGradient>'
                    % (gid, number(gradient, "startX"), number(gradient, "startY"), number(gradient, "endX"),
                       number(gradient, "endY"), stop_text))
            elif kind == "radial":
                self.defs.append(
                    '<radialGradient id="%s" gradientUnits="userSpaceOnUse" cx="%g" cy="%g" r="%g">%s</radialGradient>'
                    % (gid, number(gradient, "centerX"), number(gradient, "centerY"),
                       number(gradient, "gradientRadius"), stop_text))
            elif kind == "sweep":
                return None, (number(gradient, "centerX"), number(gradient, "centerY"), stops)
            else:
                fail("unknown gradient type " + kind)
            return ("url(#%s)" % gid, 1.0), None
        return None, None

    @staticmethod
    def colour_at(stops, t):
        if t <= stops[0][0]:
            return stops[0][1:]
        for (o0, c0, a0), (o1, c1, a1) in zip(stops, stops[1:]):
            if t <= o1:
                f = 0 if o1 == o0 else (t - o0) / (o1 - o0)
                r0, g0, b0 = (int(c0[i:i + 2], 16) for i in (1, 3, 5))
                r1, g1, b1 = (int(c1[i:i + 2], 16) for i in (1, 3, 5))
                mix = lambda x, y: round(x + (y - x) * f)
                return "#%02x%02x%02x" % (mix(r0, r1), mix(g0, g1), mix(b0, b1)), a0 + (a1 - a0) * f
        return stops[-1][1:]

    def sweep(self, shape, centre, out, opacity):
        """Wedges around centre in the sweep's colours, masked by shape."""
        cx, cy, stops = centre
        mid = self.new_id("m")
        self.defs.append(
            '<mask id="%s" maskUnits="userSpaceOnUse" x="-100000" y="-100000" width="200000" height="200000">%s</mask>'
            % (mid, shape))
        out.append('<g mask="url(#%s)" opacity="%g">' % (mid, opacity))
        n = 1440
        r = 100000
        for i in range(n):
            # Each wedge reaches twelve wedges on, under the ones drawn
            # after it, so that no pixel is made of thin wedges' edges
            # alone (their coverage would not add up to opaque); the last
            # ones stop at the turn.
            a0 = 2 * math.pi * i / n
            a1 = 2 * math.pi * min(i + 12, n + 0.01) / n
            c, a = self.colour_at(stops, (i + 0.5) / n)
            out.append(
                '<path d="M%g %g L%g %g L%g %g Z" fill="%s" fill-opacity="%g"/>'
                % (cx, cy, cx + r * math.cos(a0), cy + r * math.sin(a0), cx + r * math.cos(a1),
                   cy + r * math.sin(a1), c, a))
        out.append("</g>")

    def path(self, p, out):
        d = p.get(A + "pathData")
        if d is None:
            fail("<path> needs android:pathData")
        for role in ("fill", "stroke"):
            (paint, sweep) = self.paint(p, role + "Color")
            if paint is None and sweep is None:
                continue
            alpha = number(p, role + "Alpha", 1.0)
            geometry = ' d="%s"' % d
            if role == "fill":
                rule = "evenodd" if p.get(A + "fillType") == "evenOdd" else "nonzero"
                geometry += ' fill-rule="%s"' % rule
                white = '<path%s fill="#ffffff"/>' % geometry
            else:
                geometry += ' stroke-width="%g" stroke-linecap="%s" stroke-linejoin="%s" stroke-miterlimit="%g"' % (
                    number(p, "strokeWidth", 0.0), p.get(A + "strokeLineCap", "butt"),
                    p.get(A + "strokeLineJoin", "miter"), number(p, "strokeMiterLimit", 4.0))
                white = '<path%s fill="none" stroke="#ffffff"/>' % geometry
            if sweep is not None:
                self.sweep(white, sweep, out, alpha)
                continue
            value, a = paint
            if role == "fill":
                out.append('<path%s fill="%s" fill-opacity="%g"/>' % (geometry, value, a * alpha))
            else:
                out.append('<path%s fill="none" stroke="%s" stroke-opacity="%g"/>' % (geometry, value, a * alpha))

    def children(self, element, out):
        opened = 0
        for child in element:
            if child.tag == "group":
                px, py = number(child, "pivotX", 0.0), number(child, "pivotY", 0.0)
                out.append(
                    '<g transform="translate(%r %r) rotate(%r) scale(%r %r) translate(%r %r)">'
                    % (number(child, "translateX", 0.0) + px, number(child, "translateY", 0.0) + py,
                       number(child, "rotation", 0.0), number(child, "scaleX", 1.0), number(child, "scaleY", 1.0),
                       -px, -py))
                self.children(child, out)
                out.append("</g>")
            elif child.tag == "clip-path":
                cid = self.new_id("c")
                self.defs.append('<clipPath id="%s"><path d="%s"/></clipPath>' % (cid, child.get(A + "pathData")))
                out.append('<g clip-path="url(#%s)">' % cid)
                opened += 1
            elif child.tag == "path":
                self.path(child, out)
            else:
                fail("unknown element <%s>" % child.tag)
        out.extend(["</g>"] * opened)


def main():
    source = open(sys.argv[1], "rb").read() if len(sys.argv) > 1 else sys.stdin.buffer.read()
    root = ET.fromstring(source)
    if root.tag != "vector":
        fail("the root is <%s>, not <vector>" % root.tag)
    w, h = number(root, "viewportWidth"), number(root, "viewportHeight")
    writer = Writer()
    body = []
    writer.children(root, body)
    sys.stdout.write(
        '<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g"><defs>%s</defs>%s</svg>\n'
        % (w, h, w, h, "".join(writer.defs), "".join(body)))


main()
