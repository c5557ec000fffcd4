/**
 * The imports of script-era module systems, found as callImports finds `require("x")` (a regex pass for
 * the callee, then the node there): AMD's dependency arrays — `define(["dojo/_base/declare",
 * "./_WidgetBase"], function (declare, _WidgetBase) {…})`, `define("id", […], fn)`, `require([…], fn)` —
 * and Closure's `goog.require('goog.structs.Heap')`, `goog.requireType`, `goog.forwardDeclare`.
 * External or internal as a require()'s specifier is: relative ones (`./x`) resolve to files.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, ImportRecord } from "../../core/types.js";
import { posix } from "node:path";
import { unquote } from "../../core/imports.js";
import { GOOG_REQUIRE } from "./closure.js";

/** A call handed a dependency array first, or after a module id: `define([`, `require([`, `define("id", [`. */
const AMD_CALL = /\b(?:define|require|requirejs)\s*\(\s*(?=\[|["'][^"'\n]*["']\s*,\s*\[)/g;
const GOOG_CALL = /\bgoog\.(?:require|requireType|forwardDeclare)\s*\(/g;
/** AMD's special dependencies: the factory's own `require`, `exports` and `module`, no modules. */
const SPECIAL = new Set(["require", "exports", "module"]);
const RELATIVE = /^\.\.?\//;

function record(source: string, at: Node): ImportRecord {
  return { source, line: at.startPosition.row + 1, external: !/^[./]/.test(source) };
}

/** The call whose callee starts at `index` (an identifier, or `goog.x`'s object), if `test` holds for the callee. */
function callAt(root: Node, index: number, test: (callee: Node) => boolean): Node | null {
  const id = root.descendantForIndex(index);
  if (id?.type !== "identifier" || id.startIndex !== index) return null;
  const callee = id.parent?.type === "member_expression" ? id.parent : id;
  const call = callee.parent;
  return call?.type === "call_expression" && call.childForFieldName("function")?.id === callee.id && test(callee) ? call : null;
}

/**
 * An AMD dependency array's modules: each string but `require`/`exports`/`module`; a loader plugin's
 * `dojo/text!./templates/Tree.html` is the plugin (`dojo/text`) and, when relative, the resource it
 * loads (`./templates/Tree.html`, a file of the project).
 */
export function amdImports(ctx: FileContext): ImportRecord[] {
  if (!ctx.source.includes("[")) return [];
  const out: ImportRecord[] = [];
  const root = ctx.tree.rootNode;
  const calls: { id: string; list: Node }[] = [];
  for (const m of ctx.source.matchAll(AMD_CALL)) {
    const call = callAt(root, m.index, (c) => c.type === "identifier");
    const args = call?.childForFieldName("arguments")?.namedChildren ?? [];
    const named = m[0].startsWith("define") && args[0]?.type === "string" && args[1]?.type === "array";
    const list = args[0]?.type === "array" ? args[0] : named ? args[1]! : null;
    if (list) calls.push({ id: named ? unquote(ctx.text(args[0]!)) : "", list });
  }
  // (A bundle of named modules, ace's `define("ace/editor", ["require", …, "ace/lib/oop"], …)`: a module the
  // same file defines is no import — also named relative to the module, `"./oop"` in `define("ace/lib/x", …)`.)
  const defined = new Set(calls.map((c) => c.id).filter(Boolean));
  for (const { id, list } of calls) {
    for (const el of list.namedChildren) {
      const spec = el?.type === "string" ? unquote(ctx.text(el)) : "";
      if (!spec || SPECIAL.has(spec) || defined.has(RELATIVE.test(spec) && id ? posix.join(posix.dirname(id), spec) : spec)) continue;
      const bang = spec.indexOf("!");
      if (bang < 0) {
        out.push(record(spec, el!));
        continue;
      }
      if (bang > 0) out.push(record(spec.slice(0, bang), el!));
      const resource = spec.slice(bang + 1);
      if (RELATIVE.test(resource) && !/[?:!]/.test(resource)) out.push(record(resource, el!));
    }
  }
  return out;
}

/** `goog.require('goog.asserts')`, also bound (`const Heap = goog.require('goog.structs.Heap')`), and its type-only forms. */
export function closureImports(ctx: FileContext): ImportRecord[] {
  if (!ctx.source.includes("goog.")) return [];
  const out: ImportRecord[] = [];
  const root = ctx.tree.rootNode;
  for (const m of ctx.source.matchAll(GOOG_CALL)) {
    const call = callAt(root, m.index, (c) => GOOG_REQUIRE.test(ctx.text(c).replace(/\s+/g, "")));
    const first = call?.childForFieldName("arguments")?.namedChild(0);
    const spec = first?.type === "string" ? unquote(ctx.text(first)) : "";
    if (spec) out.push(record(spec, first!));
  }
  return out;
}
