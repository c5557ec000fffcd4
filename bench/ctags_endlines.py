#!/usr/bin/env python3
"""End-line accuracy against Universal Ctags, two ways: accuracy.py's rule (the first same-named symbol
whose range holds the ctags line) and the innermost such symbol. They differ where a constructor has
its class's name (Java, C#, C++): the first rule compares the constructor's end with the class's.

Usage (from the checkout, after npm install): python3 bench/ctags_endlines.py LANG DIR [DIR ...]
"""
import sys, os
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("PILENS_EVAL", os.path.join(HERE, "..", "..", "shared", "eval")))
import accuracy as A
lang, roots = sys.argv[1], sys.argv[2:]
_, exts, ctl, kinds = A.LANGS[lang]
files = []
for r in roots: files += A.sample(os.path.abspath(r), exts, 60)
root = os.path.join(HERE, "..")
reps, dt, p = A.run_pilens("node " + os.path.join(root, "bin", "pilens.mjs"), files, root)
first_ok = inner_ok = n = 0
for f in files:
    rep = reps.get(os.path.realpath(f)); syms = A.report_symbols(rep) if rep else []
    for d in A.ctags_defs(f, ctl, kinds):
        if "end" not in d: continue
        line = d["line"]
        cands = [s for s in syms if s.get("name") == d["name"] and s.get("startLine", 0) <= line <= s.get("endLine", 0) and line - s.get("startLine", 0) <= A.SLACK]
        if not cands: continue
        n += 1
        first_ok += abs(cands[0]["endLine"] - d["end"]) <= 1
        inner = min(cands, key=lambda s: s["endLine"] - s["startLine"])
        inner_ok += abs(inner["endLine"] - d["end"]) <= 1
print(f"{lang}: {n} defs with end lines: first-match {100*first_ok/n:.1f}%, innermost-match {100*inner_ok/n:.1f}%")
