#!/usr/bin/env python3
"""Recall against Universal Ctags, with each miss classified: a ctags mis-tag (TypeScript `type X` inside
import/export lists or expressions), a local inside a function body or a callback (not entries by design),
or a real miss (printed). Uses ../shared/eval/accuracy.py's sampling and matching.

Usage (from the checkout, after npm install): N=30 SHOW=10 python3 bench/ctags_misses.py LANG DIR [DIR ...]
"""
import sys, os, re, collections
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("PILENS_EVAL", os.path.join(HERE, "..", "..", "shared", "eval")))
import accuracy as A
lang = sys.argv[1]; roots = sys.argv[2:]
_, exts, ctl, kinds = A.LANGS[lang]
files = []
for r in roots: files += A.sample(os.path.abspath(r), exts, int(os.environ.get("N", "30")))
root = os.path.join(HERE, "..")
reps, dt, p = A.run_pilens("node " + os.path.join(root, "bin", "pilens.mjs"), files, root)
tot = found = 0; noise = collections.Counter(); real = []
TS_WORDS = {"extends", "void", "true", "false", "any", "unknown", "never", "keyof", "infer", "null", "undefined", "string", "number", "boolean", "object", "symbol", "as"}
for f in files:
    lines = open(f, errors="replace").read().split("\n")  # ctags counts \n only (not U+2028 etc., which splitlines breaks at)
    defs = A.ctags_defs(f, ctl, kinds)
    rep = reps.get(os.path.realpath(f)); syms = A.report_symbols(rep) if rep else []
    for d in defs:
        tot += 1; line = d["line"]
        if any(s.get("name") == d["name"] and s.get("startLine", 0) <= line <= s.get("endLine", 0) and line - s.get("startLine", 0) <= A.SLACK for s in syms):
            found += 1; continue
        src = lines[line-1] if line <= len(lines) else ""
        if lang == "typescript" and d["kind"] == "alias" and (d["name"] == "as" or re.search(r"\btype\s+instanceof\b|^\s*(import\b|type\s+\w+(\s+as\s+\w+)?,?\s*$)|^\s*import\s*\{", src)):
            noise["ctags: `type X` inside import/export lists or expressions"] += 1
        elif lang == "javascript" and d["kind"] == "class" and re.search(r"(=|:|\()\s*\{|\.prototype\s*=|\.prototype\.\w+\.call\(", src):
            noise["ctags: an object literal or a prototype assignment tagged as a class"] += 1
        elif lang == "javascript" and d["kind"] == "method" and re.search(r"\.prototype\.[\w$]+\s*=\s*(?!function\b|async\b|\()[^=>]*;?\s*$", src):
            noise["ctags: a non-function prototype member (`X.prototype.v = 3`) tagged as a method"] += 1
        elif lang == "javascript" and re.search(r"=\s*(?:async\s+)?(?:function\*?|class)\s+" + re.escape(d["name"]) + r"\b", src):
            noise["ctags: a named function/class expression's own name beside its binding (listed under the binding's name)"] += 1
        elif lang == "javascript" and d["kind"] == "class" and re.search(r"^\s*module\.exports\s*=\s*class\b", src) and d["name"] == "exports":
            noise["ctags: `module.exports = class X` tagged `exports` too"] += 1
        elif lang == "javascript" and not re.search(r"=\s*(?:async\s+)?(?:function|class)\b|=>|^\s*(?:(?:static|async|get|set)\s+)*\*?[\w$#]+\s*\([^)]*\)\s*\{", src) and re.search(r"\bdelete\b|\.call\(|\b" + re.escape(d["name"]) + r"\s*\(|\bprototype\.[\w$]+\s*=\s*[^=]", src):
            noise["ctags: a use or a data assignment tagged as a definition"] += 1
        elif lang == "javascript" and d["kind"] in ("class", "function") and re.match(r"\s*" + re.escape(d["name"]) + r"\.(?:prototype\b|[\w$]+\s*=[^=])", src):
            noise["ctags: the object of a member assignment tagged as a class or function (`Promise.prototype.get = …`, `seq.get = …`: listed at its declaration, or imported; the methods are entries)"] += 1
        elif lang == "javascript" and d["name"] == "exports" and re.match(r"\s*exports\.default\s*=", src):
            noise["ctags: `exports.default = function` tagged `exports` (listed as `default`)"] += 1
        elif lang == "typescript" and d["name"] in TS_WORDS:
            noise["ctags: a TypeScript keyword tagged as a definition (`extends`/`true` in conditional types, `void` in function types)"] += 1
        elif lang == "typescript" and d["kind"] == "alias" and not re.search(r"\btype\s+" + re.escape(d["name"]) + r"\b", src):
            noise["ctags: a type used in an expression or another type (`as any`, `keyof EventMap`) tagged as an alias"] += 1
        elif lang == "typescript" and d["kind"] == "method" and d["name"] in ("get", "set") and re.search(r"\b(?:get|set)\s*\[", src):
            noise["ctags: a computed accessor's `get`/`set` tagged as its name (listed as `[key]`)"] += 1
        elif d.get("scopeKind") in ("function", "method") :
            noise["local inside a function body (not an entry by design)"] += 1
        else:
            real.append(f"{f}:{line} {d['kind']} {d['name']} | {src.strip()[:90]}")
# A miss listed as a callback (a function handed to a call, or in an object inside a function: not an
# entry by design) — in the full report, whose callbacks no detail budget cuts.
import json, subprocess
missed = sorted({r.split(":")[0] for r in real})
full = {}
if missed:
    out = subprocess.run(["node", os.path.join(root, "bin", "pilens.mjs"), "report", "--view", "json", "--detail", "full", *missed], capture_output=True, text=True, cwd=root).stdout
    for l in out.splitlines():
        if l.startswith("{"):
            j = json.loads(l); full[os.path.realpath(j.get("path", ""))] = j.get("callbacks") or []
def as_callback(r):
    f, rest = r.split(":", 1); line = int(rest.split(" ")[0]); name = rest.split(" ")[2]
    return any(c.get("name", "").split("@")[0].split(".")[-1] == name and c.get("startLine", 0) <= line <= c.get("endLine", 0) for c in full.get(os.path.realpath(f), []))
cb = [r for r in real if as_callback(r)]
if cb: noise["listed as a callback (a function handed to a call or in an object inside a function: by design)"] = len(cb)
real = [r for r in real if r not in cb]
# Declared in a test case's or hook's body (`it(…, () => { class Frame … })`): the test's own, by design.
TEST_CASE = re.compile(r"^(?:it|test|bench|beforeAll|beforeEach|afterAll|afterEach|before|after)\b")
def in_test_case(r):
    f, rest = r.split(":", 1); line = int(rest.split(" ")[0])
    return any("test" in (c.get("flags") or []) and TEST_CASE.match(c.get("name", "")) and c.get("startLine", 0) < line <= c.get("endLine", 0) for c in full.get(os.path.realpath(f), []))
tc = [r for r in real if in_test_case(r)]
if tc: noise["declared inside a test case's or hook's body (the test's own: by design)"] = len(tc)
real = [r for r in real if r not in tc]
adj = tot - sum(noise.values())
print(f"{lang}: ctags defs {tot}, found {found}: raw recall {100*found/max(tot,1):.1f}%; excluding ctags mis-tags, locals and callbacks {100*found/max(adj,1):.1f}% of {adj}")
for k, v in noise.items(): print(f"   {v:5d} {k}")
for r in real[:int(os.environ.get("SHOW", "10"))]: print("   real miss:", r)
