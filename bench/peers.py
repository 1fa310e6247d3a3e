#!/usr/bin/env python3
"""badgec's rasterizer beside peers, in one run, on the same scenes.

  strokes: 1,000 cubic curves stroked 3 px wide with round joins on a
           4096 x 4096 canvas (the same curves for every renderer). badgec's
           drawing time comes from `badgec-bench`; Blend2D's from blend2d-py,
           which has no stroking, filling outlines made here beforehand; and
           Skia's from skia-python, stroking (drawing only, in-process).
  fills:   200 large overlapping translucent fills (circles and rectangles,
           600 to 2,000 px across, half opaque, colours of their own) on a
           4096 x 4096 canvas: compositing, every pixel blended ~40 times.
           badgec's drawing time from `badgec-bench`; Blend2D's and Skia's
           filling the same shapes in process.
  samples: each sample end to end at 4096 x 4096 (badgec to PNG, resvg on
           badgec's SVG to PNG): median wall time and peak memory (max RSS).

usage: python3 bench/peers.py [strokes|fills|samples|all] [RUNS]
needs: pip install blend2d-py skia-python numpy resvg-cli; swift build -c release
"""
import os, random, resource, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BADGEC = os.path.join(ROOT, ".build/release/badgec")
BENCH = os.path.join(ROOT, ".build/release/badgec-bench")
SIDE = 4096


def curves(n=1000, seed=7):
    """n cubics (p0, c1, c2, p3) in unit coordinates."""
    r = random.Random(seed)
    out = []
    for _ in range(n):
        cx, cy = r.uniform(0.1, 0.9), r.uniform(0.1, 0.9)
        pts = [(min(1, max(0, cx + r.uniform(-0.1, 0.1))), min(1, max(0, cy + r.uniform(-0.1, 0.1)))) for _ in range(4)]
        out.append(pts)
    return out


def strokes_badge(cs):
    lines = ["badge Strokes size %d {" % SIDE, "  zstack {"]
    for p0, c1, c2, p3 in cs:
        f = lambda p: "(%.5f, %.5f)" % p
        lines.append("    path { within 0, 0, width, height { move %s cubic %s, control1: %s, control2: %s } }"
                     ".stroke(black, width: 3, join: round)" % (f(p0), f(p3), f(c1), f(c2)))
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def flattened(c, n=24):
    p0, c1, c2, p3 = [(x * SIDE, y * SIDE) for x, y in c]
    pts = []
    for k in range(n + 1):
        t = k / n
        u = 1 - t
        a, b, cc, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        pts.append((a * p0[0] + b * c1[0] + cc * c2[0] + d * p3[0], a * p0[1] + b * c1[1] + cc * c2[1] + d * p3[1]))
    return pts


def outline_pieces(pts, w=3.0, disc=12):
    """A stroke as pieces to fill non-zero: a quad a segment, a disc a
    joint (round joins), all wound the same way."""
    import math
    pieces = []
    h = w / 2
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        dx, dy = x1 - x0, y1 - y0
        l = math.hypot(dx, dy)
        if l == 0:
            continue
        nx, ny = -dy / l * h, dx / l * h
        quad = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
        area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(quad, quad[1:] + quad[:1]))
        pieces.append(quad if area > 0 else quad[::-1])
    for (x, y) in pts[1:-1]:
        pieces.append([(x + h * math.cos(2 * math.pi * k / disc), y + h * math.sin(2 * math.pi * k / disc)) for k in range(disc)])
    return pieces


def blend2d_strokes(cs, runs):
    """blend2d-py can only fill polygons: it fills the strokes' outlines,
    made here beforehand (so its time leaves out stroking itself)."""
    import blend2d
    paths = []
    for c in cs:
        p = blend2d.Path()
        for piece in outline_pieces(flattened(c)):
            p.move_to(*piece[0])
            for q in piece[1:]:
                p.line_to(*q)
            p.close()
        paths.append(p)

    def draw(ctx):
        ctx.set_fill_style_rgba(0, 0, 0, 255)
        for p in paths:
            ctx.fill_path(p)

    return blend2d_timed(runs, draw)


def blend2d_timed(runs, draw):
    """The median time of `draw(ctx)` on a white SIDE x SIDE image,
    source over, with the context's end (where Blend2D finishes)."""
    import blend2d
    img = blend2d.Image(SIDE, SIDE)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        ctx = blend2d.Context(img)
        ctx.set_comp_op(blend2d.CompOp.SRC_COPY)
        ctx.set_fill_style_rgba(255, 255, 255, 255)
        ctx.fill_all()
        ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        draw(ctx)
        ctx.end()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def skia_strokes(cs, runs):
    """Skia strokes the cubics itself."""
    import skia
    paths = []
    for c in cs:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = [(x * SIDE, y * SIDE) for x, y in c]
        p = skia.Path()
        p.moveTo(x0, y0)
        p.cubicTo(x1, y1, x2, y2, x3, y3)
        paths.append(p)
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK, Style=skia.Paint.kStroke_Style, StrokeWidth=3,
                       StrokeJoin=skia.Paint.kRound_Join)

    def draw(cv):
        for p in paths:
            cv.drawPath(p, paint)

    return skia_timed(runs, draw)


def skia_timed(runs, draw):
    """The median time of `draw(canvas)` on a white SIDE x SIDE surface,
    with the flush (where Skia finishes)."""
    import skia
    surf = skia.Surface(SIDE, SIDE)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        cv = surf.getCanvas()
        cv.clear(skia.ColorWHITE)
        draw(cv)
        surf.flushAndSubmit()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def fill_shapes(n=200, seed=11):
    """n (kind, x, y, w, h, (r, g, b)) in pixels: kind 0 a circle of
    diameter w centred at (x, y), 1 a rectangle with its centre there."""
    r = random.Random(seed)
    out = []
    for k in range(n):
        d = r.uniform(600, 2000)
        x, y = r.uniform(0, SIDE), r.uniform(0, SIDE)
        colour = (r.randrange(256), r.randrange(256), r.randrange(256))
        if k % 2 == 0:
            out.append((0, x, y, d, d, colour))
        else:
            out.append((1, x, y, d, r.uniform(600, 2000), colour))
    return out


def fills_badge(shapes):
    lines = ["badge Fills size %d {" % SIDE, "  zstack {", "    rect().fill(white)"]
    for kind, x, y, w, h, (cr, cg, cb) in shapes:
        name = "circle()" if kind == 0 else "rect()"
        lines.append("    %s.fill(rgb(%d, %d, %d).opacity(0.5)).frame(width: %.3f, height: %.3f)"
                     ".position(x: %.3f, y: %.3f)" % (name, cr, cg, cb, w, h, x, y))
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def blend2d_fills(shapes, runs):
    def draw(ctx):
        for kind, x, y, w, h, (cr, cg, cb) in shapes:
            ctx.set_fill_style_rgba(cr, cg, cb, 128)
            if kind == 0:
                ctx.fill_circle(x, y, w / 2)
            else:
                ctx.fill_rect(x - w / 2, y - h / 2, w, h)

    return blend2d_timed(runs, draw)


def skia_fills(shapes, runs):
    import skia
    paints = [skia.Paint(AntiAlias=True, Color=skia.Color(cr, cg, cb, 128)) for _, _, _, _, _, (cr, cg, cb) in shapes]

    def draw(cv):
        for (kind, x, y, w, h, _), paint in zip(shapes, paints):
            if kind == 0:
                cv.drawCircle(x, y, w / 2, paint)
            else:
                cv.drawRect(skia.Rect.MakeXYWH(x - w / 2, y - h / 2, w, h), paint)

    return skia_timed(runs, draw)


def beside_peers(scene, badge_text, blend2d, skia, runs):
    """badgec's drawing of `badge_text`, then Blend2D's and Skia's of
    `scene` (`blend2d(scene, runs)`, `skia(scene, runs)`): (flattening and
    stroking, badgec drawing on 1 thread, on all, Blend2D, Skia), s."""
    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, "scene.badge")
        open(f, "w").write(badge_text)
        prep, one, many = badgec_drawing(f, runs)
    return prep, one, many, blend2d(scene, runs), skia(scene, runs)


def print_ratios(one, many, b, k, goal=""):
    """badgec's drawing times over Blend2D's (`b`) and Skia's (`k`)."""
    print("  badgec / Blend2D  %6.3f (1 thread%s), %6.3f (all)" % (one / b, goal, many / b))
    print("  badgec / Skia     %6.3f (1 thread), %6.3f (all)" % (one / k, many / k))


def fills(runs):
    shapes = fill_shapes()
    _, one, many, b, k = beside_peers(shapes, fills_badge(shapes), blend2d_fills, skia_fills, runs)
    print("200 large translucent fills (circles and rectangles), %d x %d (medians of %d)" % (SIDE, SIDE, runs))
    print("  badgec   %8.2f ms drawing on 1 thread, %8.2f ms on all" % (one * 1000, many * 1000))
    print("  Blend2D  %8.2f ms (one thread)" % (b * 1000))
    print("  Skia     %8.2f ms" % (k * 1000))
    print_ratios(one, many, b, k, goal="; goal 2")


def badgec_drawing(badge_file, runs):
    """(flattening and stroking, drawing on 1 thread, drawing on all), s."""
    out = subprocess.run([BENCH, badge_file, str(runs), "--only", str(SIDE)], capture_output=True, text=True).stdout
    flatten = None
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0] == "flatten":
            flatten = float(parts[1]) / 1000
        if parts and parts[0] == "drawing":
            # "drawing  X ms on 1 thread, Y ms on N"
            return flatten, float(parts[1]) / 1000, float(parts[6]) / 1000
    raise RuntimeError("badgec-bench printed no drawing time:\n" + out)


def timed(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError(" ".join(cmd) + ": " + r.stderr)
    return elapsed, int(r.stderr.strip().splitlines()[-1]) / 1024


def samples(runs):
    names = sorted(n[:-6] for n in os.listdir(os.path.join(ROOT, "samples")) if n.endswith(".badge"))
    print("%-10s %14s %14s %7s %12s %12s %7s" % ("sample", "badgec ms", "resvg ms", "ratio", "badgec MiB", "resvg MiB", "ratio"))
    with tempfile.TemporaryDirectory() as d:
        for name in names:
            badge = os.path.join(ROOT, "samples", name + ".badge")
            svg = os.path.join(d, name + ".svg")
            subprocess.run([BADGEC, badge, "--size", str(SIDE), "-o", svg], check=True)
            ours, theirs = [], []
            for _ in range(runs):  # interleaved, so both see the same machine
                ours.append(timed([BADGEC, badge, "--size", str(SIDE), "-o", os.path.join(d, "a.png")]))
                theirs.append(timed(["resvg", "-w", str(SIDE), svg, os.path.join(d, "b.png")]))
            ot = statistics.median(t for t, _ in ours)
            tt = statistics.median(t for t, _ in theirs)
            om = max(m for _, m in ours)
            tm = max(m for _, m in theirs)
            print("%-10s %14.1f %14.1f %7.3f %12.1f %12.1f %7.3f" % (name, ot * 1000, tt * 1000, ot / tt, om, tm, om / tm))


def strokes(runs):
    cs = curves()
    prep, one, many, b, k = beside_peers(cs, strokes_badge(cs), blend2d_strokes, skia_strokes, runs)
    print("1,000 stroked cubics, width 3, round joins, %d x %d (medians of %d)" % (SIDE, SIDE, runs))
    print("  badgec   %8.2f ms drawing on 1 thread, %8.2f ms on all; outlines made beforehand in %.2f ms"
          % (one * 1000, many * 1000, prep * 1000))
    print("  Blend2D  %8.2f ms (filling outlines made beforehand: blend2d-py cannot stroke)" % (b * 1000))
    print("  Skia     %8.2f ms (stroking included)" % (k * 1000))
    print_ratios(one, many, b, k)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    if what in ("strokes", "all"):
        strokes(runs)
    if what in ("fills", "all"):
        fills(runs)
    if what in ("samples", "all"):
        samples(runs)
