#!/usr/bin/env python3
"""badgec beside resvg on small images: every sample to PNG, end to end.

For each sample and side (64, 256, 512, 1024 px by default), badgec draws
the PNG itself (`badgec S.badge --size N -o out.png`) and resvg draws
badgec's SVG of the same badge at the same size (`badgec S.badge --size N
-o in.svg`, written beforehand; `resvg in.svg out.png`), so both draw the
same layout. The runs are
interleaved (badgec, resvg, badgec, ...) so both see the same machine, and
the medians and their ratio are printed beside the goal (0.7: badgec at
most 0.7 of resvg's time), with the two files' sizes. Then badgec writing
each sample's SVG beside a Swift "hello" process (goal 1.3).

usage: python3 bench/small_images.py [RUNS] [SIDE...] [--samples a,b,...]
needs: pip install resvg-cli; swift build -c release
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BADGEC = os.path.join(ROOT, ".build/release/badgec")
GOAL_PNG = 0.7
GOAL_SVG = 1.3


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def interleaved(commands, runs):
    """Median seconds of each command, run in turns `runs` times."""
    times = [[] for _ in commands]
    for c in commands:  # warm the caches once
        timed(c)
    for _ in range(runs):
        for i, c in enumerate(commands):
            times[i].append(timed(c))
    return [statistics.median(t) for t in times]


def main():
    args = sys.argv[1:]
    samples = None
    if "--samples" in args:
        k = args.index("--samples")
        samples = args[k + 1].split(",")
        del args[k : k + 2]
    runs = int(args[0]) if args else 11
    sides = [int(a) for a in args[1:]] or [64, 256, 512, 1024]
    resvg = shutil.which("resvg")
    if not resvg or not os.path.exists(BADGEC):
        sys.exit("needs resvg (pip install resvg-cli) and .build/release/badgec (swift build -c release)")
    folder = os.path.join(ROOT, "samples")
    names = sorted(f[:-6] for f in os.listdir(folder) if f.endswith(".badge"))
    if samples:
        names = [n for n in names if n in samples]
    tmp = tempfile.mkdtemp()
    print(f"badgec beside resvg, PNG end to end, medians of {runs} interleaved runs (goal: ratio <= {GOAL_PNG})")
    print(f"{'sample':<14}{'side':>6}{'badgec ms':>11}{'resvg ms':>10}{'ratio':>8}{'badgec B':>10}{'resvg B':>10}{'size':>7}")
    worst = 0.0
    for name in names:
        src = os.path.join(folder, name + ".badge")
        for side in sides:
            svg = os.path.join(tmp, f"{name}-{side}.svg")
            subprocess.run([BADGEC, src, "--size", str(side), "-o", svg], check=True, stderr=subprocess.DEVNULL)
            ours = os.path.join(tmp, f"{name}-{side}-badgec.png")
            theirs = os.path.join(tmp, f"{name}-{side}-resvg.png")
            a = [BADGEC, src, "--size", str(side), "-o", ours]
            b = [resvg, svg, theirs]
            ta, tb = interleaved([a, b], runs)
            sa, sb = os.path.getsize(ours), os.path.getsize(theirs)
            ratio = ta / tb
            worst = max(worst, ratio)
            mark = "" if ratio <= GOAL_PNG else "  over"
            print(f"{name:<14}{side:>6}{ta * 1000:>11.2f}{tb * 1000:>10.2f}{ratio:>8.2f}{sa:>10}{sb:>10}{sa / sb:>7.2f}{mark}")
    print(f"worst ratio {worst:.2f} (goal {GOAL_PNG})")

    # SVG output beside a Swift process that prints hello.
    hello_src = os.path.join(tmp, "hello.swift")
    hello = os.path.join(tmp, "hello")
    with open(hello_src, "w") as f:
        f.write('print("hello")\n')
    subprocess.run(["swiftc", "-O", hello_src, "-o", hello], check=True, stderr=subprocess.DEVNULL)
    print(f"\nbadgec to SVG beside a Swift hello process, medians of {runs} (goal: ratio <= {GOAL_SVG})")
    worst = 0.0
    for name in names:
        src = os.path.join(folder, name + ".badge")
        ta, th = interleaved([[BADGEC, src, "-o", os.path.join(tmp, "out.svg")], [hello]], runs)
        worst = max(worst, ta / th)
        print(f"{name:<14}{ta * 1000:>8.2f} ms  hello {th * 1000:>6.2f} ms  ratio {ta / th:>5.2f}")
    print(f"worst ratio {worst:.2f} (goal {GOAL_SVG})")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
