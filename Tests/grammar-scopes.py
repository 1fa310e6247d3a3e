#!/usr/bin/env python3
"""Tokenises badge files with grammar/badge.tmLanguage.json and checks the
scopes of chosen tokens.

The tokenizer is TextMate's, as editors run it (vscode-textmate): line by
line, each line with its line feed; at each place the pattern of the
innermost open rule that matches leftmost wins (the rule's end pattern
first, then its patterns in order, includes expanded), a `match` scopes
its text and captures, a `begin` opens a rule until its `end`. Regular
expressions are Oniguruma's, as in the editors (onigurumacffi).

Reads JSON on standard input: {"grammar": PATH, "files": [{"name": N,
"text": T, "expect": [[line, column, scope, what], ...]}]}, lines and
columns from 0, columns in Unicode scalars. An expectation holds when the
character at that place has a scope that starts with `scope`. A character
scoped `invalid...` is a failure too. Prints one line per failure; exits 1
if there is any, 2 if Oniguruma is missing.

needs: pip install onigurumacffi
"""
import json
import sys

try:
    import onigurumacffi as onig
except ImportError:
    print("onigurumacffi is missing (pip install onigurumacffi)")
    sys.exit(2)


class Tokenizer:
    def __init__(self, grammar):
        self.grammar = grammar
        self.repository = grammar.get("repository", {})
        self.expanded = {}
        self.compiled = {}

    def regset(self, sources):
        key = tuple(sources)
        if key not in self.compiled:
            self.compiled[key] = onig.compile_regset(*sources)
        return self.compiled[key]

    def rules(self, owner):
        """The `match` and `begin` rules an open rule tries, includes
        expanded in order (each list once)."""
        key = id(owner)
        if key in self.expanded:
            return self.expanded[key]
        out = []
        self.expanded[key] = out

        def add(patterns, seen):
            for p in patterns:
                if "include" in p:
                    name = p["include"]
                    target = self.grammar if name == "$self" else self.repository[name[1:]]
                    if "match" in target or "begin" in target:
                        out.append(target)
                    elif id(target) not in seen:
                        add(target.get("patterns", []), seen | {id(target)})
                elif "match" in p or "begin" in p:
                    out.append(p)
                else:
                    add(p.get("patterns", []), seen)

        add(owner.get("patterns", []), {id(owner)})
        return out

    def tokenize(self, text):
        """The scopes of every character, by (line, column)."""
        scopes = {}
        root = [self.grammar["scopeName"]]
        # The open rules: (rule, scopes inside it, its end regex).
        stack = [(self.grammar, root, None)]
        for number, line in enumerate(text.split("\n")):
            line += "\n"
            position = 0
            # Rules opened or closed without moving: a grammar that loops
            # this way moves on a character.
            stalls = 0
            while position < len(line):
                rule, inside, end = stack[-1]
                candidates = self.rules(rule)
                sources = ([end] if end else []) + [c.get("match") or c["begin"] for c in candidates]
                index, m = self.regset(sources).search(line, position) if sources else (-1, None)
                if m is None:
                    self.paint(scopes, number, position, len(line), inside)
                    break
                start, stop = m.span()
                self.paint(scopes, number, position, start, inside)
                if end and index == 0:
                    outer = inside[:-1] if rule.get("contentName") else inside
                    self.captured(scopes, number, m, outer, rule.get("endCaptures") or rule.get("captures"))
                    stack.pop()
                else:
                    chosen = candidates[index - (1 if end else 0)]
                    named = inside + ([chosen["name"]] if "name" in chosen else [])
                    if "match" in chosen:
                        self.captured(scopes, number, m, named, chosen.get("captures"))
                        if stop == start:
                            self.paint(scopes, number, start, start + 1, inside)
                            stop = start + 1
                    else:
                        self.captured(scopes, number, m, named, chosen.get("beginCaptures") or chosen.get("captures"))
                        content = named + ([chosen["contentName"]] if "contentName" in chosen else [])
                        stack.append((chosen, content, chosen["end"]))
                stalls = stalls + 1 if stop == position else 0
                if stalls > 100:
                    self.paint(scopes, number, position, position + 1, stack[-1][1])
                    stop = position + 1
                    stalls = 0
                position = stop
        return scopes

    @staticmethod
    def paint(scopes, line, start, stop, names):
        for column in range(start, stop):
            scopes[(line, column)] = names

    def captured(self, scopes, line, m, names, captures):
        start, stop = m.span()
        self.paint(scopes, line, start, stop, names)
        for group, capture in sorted((captures or {}).items(), key=lambda kv: int(kv[0])):
            span = m.span(int(group))
            if span[0] < 0 or "name" not in capture:
                continue
            for column in range(span[0], span[1]):
                scopes[(line, column)] = scopes.get((line, column), names) + [capture["name"]]


def main():
    request = json.load(sys.stdin)
    with open(request["grammar"], encoding="utf-8") as f:
        tokenizer = Tokenizer(json.load(f))
    failures = []
    for file in request["files"]:
        at = tokenizer.tokenize(file["text"])
        lines = file["text"].split("\n")
        for (line, column), names in sorted(at.items()):
            bad = [s for s in names if s.startswith("invalid")]
            if bad and column < len(lines[line]):
                failures.append(f"{file['name']}:{line + 1}:{column + 1}: {lines[line][column]!r} is scoped {bad[0]}")
                break
        for line, column, scope, what in file["expect"]:
            found = at.get((line, column), [])
            if not any(s.startswith(scope) for s in found):
                failures.append(
                    f"{file['name']}:{line + 1}:{column + 1}: {what} should be {scope}, is {' '.join(found) or 'nothing'}"
                )
    for f in failures:
        print(f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
