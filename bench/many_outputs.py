#!/usr/bin/env python3
"""The icon-set command against the same 21 files made by separate runs.

Usage: bench/many_outputs.py [BADGEC] [ROUNDS]  (default .build/release/badgec, 7)

One run of `badgec samples/landmark.badge --size 16,...,1024 --scale 1,2,3
-o 'icons/{size}@{scale}x.png'` beside 21 runs one after another, one file
each, interleaved round by round (this machine is shared and noisy).
Prints each side's median wall time and their ratio, and checks that the
files are byte for byte the same.
"""
import filecmp, os, shutil, statistics, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
badgec = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/badgec")
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
sample = os.path.join(root, "samples/landmark.badge")
sizes = [16, 32, 64, 128, 256, 512, 1024]
scales = [1, 2, 3]
work = tempfile.mkdtemp()
one, separate = [], []
try:
    for _ in range(rounds):
        a, b = os.path.join(work, "a"), os.path.join(work, "b")
        for d in (a, b):
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
        t = time.perf_counter()
        subprocess.run([badgec, sample, "--size", ",".join(map(str, sizes)), "--scale", "1,2,3",
                        "-o", os.path.join(a, "{size}@{scale}x.png")], check=True)
        one.append(time.perf_counter() - t)
        t = time.perf_counter()
        for s in sizes:
            for k in scales:
                subprocess.run([badgec, sample, "--size", str(s), "--scale", str(k),
                                "-o", os.path.join(b, "%d@%dx.png" % (s, k))], check=True)
        separate.append(time.perf_counter() - t)
        names = sorted(os.listdir(b))
        assert len(names) == 21 and sorted(os.listdir(a)) == names
        assert all(filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False) for n in names)
    m1, m2 = statistics.median(one), statistics.median(separate)
    print("icon set, 21 files: one run %.0f ms, 21 runs %.0f ms (medians of %d); ratio %.2f; files identical"
          % (1000 * m1, 1000 * m2, rounds, m1 / m2))
finally:
    shutil.rmtree(work)
