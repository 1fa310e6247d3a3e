#!/usr/bin/env python3
"""Layers beside resvg: 1,000 small layers on a 1024 x 1024 canvas.

Five scenes, each 1,000 small groups (a circle and a square, 20 points
across, on a grid) that need a layer of their own: group opacity
(`.opacity` on a stack), a clip (`.clipShape`), a mask (`.mask { }`), an
effect (`.shadow`) and a blend mode (`.blendMode`, over the gray
background). badgec draws each to PNG end to end; resvg draws
badgec's SVG of it; interleaved runs, medians, and the ratio beside the
goal (1.0: a layer costs in proportion to its bounds, not the canvas').

usage: python3 bench/layers.py [RUNS]
needs: pip install resvg-cli; swift build -c release
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BADGEC = os.path.join(ROOT, ".build/release/badgec")
GOAL = 1.0

KINDS = {
    "opacity": ".opacity(0.6)",
    "clip": ".clipShape(circle())",
    "mask": ".mask { circle().fill(black.opacity(0.7)) }",
    "shadow": ".shadow(color: black.opacity(0.4), radius: 2, y: 1)",
    "blend": ".blendMode(multiply)",
}


def scene(modifier):
    """1,000 groups of two shapes, 20 points across, each with `modifier`."""
    return f"""badge Layers size 1024 {{
  rect().fill(gray)
  repeat 1000 as i {{
    zstack {{
      circle().fill(rgb(255, 120, 40))
      rect().fill(rgb(40, 120, 255).opacity(0.8)).padding(5)
    }}
    .frame(width: 20, height: 20)
    {modifier}
    .position(x: 16 + mod(i, 40) * 25, y: 16 + (i - mod(i, 40)) / 40 * 25)
  }}
}}
"""


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    resvg = shutil.which("resvg")
    if not resvg or not os.path.exists(BADGEC):
        sys.exit("needs resvg (pip install resvg-cli) and .build/release/badgec (swift build -c release)")
    tmp = tempfile.mkdtemp()
    print(f"1,000 small layers on 1024 x 1024, PNG end to end, medians of {runs} interleaved runs (goal: ratio <= {GOAL})")
    print(f"{'layer':<10}{'badgec ms':>11}{'resvg ms':>10}{'ratio':>8}")
    for name, modifier in KINDS.items():
        src = os.path.join(tmp, name + ".badge")
        with open(src, "w") as f:
            f.write(scene(modifier))
        svg = os.path.join(tmp, name + ".svg")
        subprocess.run([BADGEC, src, "-o", svg], check=True)
        a = [BADGEC, src, "-o", os.path.join(tmp, name + "-badgec.png")]
        b = [resvg, svg, os.path.join(tmp, name + "-resvg.png")]
        timed(a), timed(b)
        ta, tb = [], []
        for _ in range(runs):
            ta.append(timed(a))
            tb.append(timed(b))
        ma, mb = statistics.median(ta), statistics.median(tb)
        mark = "" if ma / mb <= GOAL else "  over"
        print(f"{name:<10}{ma * 1000:>11.1f}{mb * 1000:>10.1f}{ma / mb:>8.2f}{mark}")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
