#!/usr/bin/env python3
"""Effects nested in effects beside resvg.

Each scene nests blurs or shadows inside one another, each level around
the one before and a translucent square of its own (and, in one, a clip
and a mask at every level). badgec draws each to PNG end to end; resvg
draws badgec's SVG of it; interleaved runs, medians, and the ratio beside
the goal (1.0: badgec draws what resvg draws in well under a second, in
no more time; the work grows with the depth, not doubles at each level).

usage: python3 bench/nested_effects.py [RUNS]
needs: pip install resvg-cli; swift build -c release
"""
import os, shutil, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layers import BADGEC, timed  # noqa: E402

GOAL = 1.0

SCENES = [
    ("16 blurs", 16, ".blur(radius: 2)"),
    ("32 blurs", 32, ".blur(radius: 2)"),
    ("48 blurs", 48, ".blur(radius: 2)"),
    ("32 shadows", 32, ".shadow(radius: 3)"),
    ("32 clip+mask+blur", 32, ".clipShape(rect()).mask { circle() }.blur(radius: 2)"),
]


def scene(depth, modifier, size=256):
    """`depth` levels of `modifier`, each around the last and a square."""
    body = "circle().fill(red).frame(width: 100, height: 100)"
    for i in range(depth):
        body = f"zstack {{\n {body}\n rect().fill(blue.opacity(0.1)).frame(width: 20, height: 20).offset(x: {i})\n}}{modifier}"
    return f"badge N size {size} {{\n{body}\n}}\n"


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    resvg = shutil.which("resvg")
    if not resvg or not os.path.exists(BADGEC):
        sys.exit("needs resvg (pip install resvg-cli) and .build/release/badgec (swift build -c release)")
    tmp = tempfile.mkdtemp()
    print(f"nested effects at 256 x 256, PNG end to end, medians of {runs} interleaved runs (goal: ratio <= {GOAL})")
    print(f"{'scene':<20}{'badgec ms':>11}{'resvg ms':>10}{'ratio':>8}")
    for name, depth, modifier in SCENES:
        src = os.path.join(tmp, "n.badge")
        with open(src, "w") as f:
            f.write(scene(depth, modifier))
        svg = os.path.join(tmp, "n.svg")
        subprocess.run([BADGEC, src, "-o", svg], check=True)
        a = [BADGEC, src, "-o", os.path.join(tmp, "badgec.png")]
        b = [resvg, svg, os.path.join(tmp, "resvg.png")]
        timed(a), timed(b)
        ta, tb = [], []
        for _ in range(runs):
            ta.append(timed(a))
            tb.append(timed(b))
        ma, mb = statistics.median(ta), statistics.median(tb)
        mark = "" if ma / mb <= GOAL else "  over"
        print(f"{name:<20}{ma * 1000:>11.1f}{mb * 1000:>10.1f}{ma / mb:>8.2f}{mark}")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
