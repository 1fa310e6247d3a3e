#!/usr/bin/env python3
"""badgec lsp: how long after a change the diagnostics come back.

For each sample, `badgec lsp` (the release build) opens it, then the
sample is changed RUNS times (a character typed and taken back, each a
`didChange` with the whole text): the time from sending each change to
reading its `publishDiagnostics` is measured, and the median and the
slowest are printed beside the goal (50 ms). Then the same for a 1 MB
file of lets.

usage: python3 bench/lsp_latency.py [RUNS]
needs: swift build -c release
"""
import json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BADGEC = os.path.join(ROOT, ".build/release/badgec")
GOAL = 0.050


class Session:
    def __init__(self, cwd):
        self.p = subprocess.Popen([BADGEC, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd)
        self.n = 0

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.p.stdout.read(1)
        length = int(header.split(b":")[1].split(b"\r")[0])
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.n += 1
        self.send({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        return self.receive()

    def close(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.p.wait()


def measure(path, text, runs):
    s = Session(os.path.dirname(path))
    s.request("initialize", {"capabilities": {}})
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file://" + path
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "badge", "version": 1, "text": text}}})
    s.receive()
    times = []
    for k in range(runs):
        changed = text + ("\n" if k % 2 == 0 else "")
        start = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": uri, "version": k + 2}, "contentChanges": [{"text": changed}]}})
        reply = s.receive()
        times.append(time.perf_counter() - start)
        assert reply.get("method") == "textDocument/publishDiagnostics", reply
    s.close()
    return statistics.median(times), max(times)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    print(f"badgec lsp: a change to its diagnostics, median and slowest of {runs} (goal: {GOAL * 1000:.0f} ms)")
    samples = sorted(f for f in os.listdir(os.path.join(ROOT, "samples")) if f.endswith(".badge"))
    worst = 0
    for name in samples:
        path = os.path.join(ROOT, "samples", name)
        median, slowest = measure(path, open(path).read(), runs)
        worst = max(worst, median)
        mark = "" if median <= GOAL else "  over"
        print(f"{name:22} {median * 1000:8.2f} ms  slowest {slowest * 1000:8.2f} ms{mark}")
    big = "let v0 = 1\n" + "".join(f"let v{i} = v{i - 1} + 1\n" for i in range(1, 60000))
    big += "badge B size 100 {\n  rect().frame(width: v59999 - v59999 + 10)\n}\n"
    median, slowest = measure("/tmp/badgec-lsp-big.badge", big, max(3, runs // 4))
    print(f"{'1 MB of lets':22} {median * 1000:8.2f} ms  slowest {slowest * 1000:8.2f} ms  ({len(big) / 1e6:.2f} MB)")
    print(f"slowest sample median {worst * 1000:.2f} ms (goal {GOAL * 1000:.0f} ms)")


main()
