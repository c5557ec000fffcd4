/**
 * Elixir: what the tags query cannot say. `defp`/`defmacrop`/`defguardp`/`@typep` are private, a
 * module with `@moduledoc false` is internal, one-line `def f(x), do: …` signatures stop before
 * `do:`, and docs come from the `@doc`/`@moduledoc`/`@typedoc` attribute above a definition.
 */
import type { Node } from "web-tree-sitter";
import { walk } from "../../core/extract.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";

const PASS_THROUGH = /^(?:spec|impl|deprecated|since|dialyzer|compile)$/;

/** Cut a one-line definition's `, do: …` (only where it is not inside the parameter list). */
function cutDo(sig: string): string {
  for (let i = sig.indexOf(", do:"); i >= 0; i = sig.indexOf(", do:", i + 1)) {
    const head = sig.slice(0, i);
    if ((head.match(/\(/g)?.length ?? 0) === (head.match(/\)/g)?.length ?? 0)) return head;
  }
  return sig.replace(/\s+do$/, "");
}

function keyword(r: SymbolRecord, ctx: FileContext): string {
  const n = r.node;
  if (!n) return "";
  if (n.type === "unary_operator") {
    const t = n.childForFieldName("operand")?.childForFieldName("target");
    return t ? `@${ctx.text(t)}` : "";
  }
  const t = n.childForFieldName("target");
  return t ? ctx.text(t) : "";
}

/** The `@doc "…"` / `@moduledoc """…"""` attribute text for a definition, if present. */
function docAttribute(node: Node, ctx: FileContext, names: RegExp): { text: string; line: number } | undefined {
  const search = (n: Node | null): Node | undefined => {
    for (let s = n; s; s = s.previousNamedSibling) {
      if (s.type !== "unary_operator") return undefined;
      const call = s.childForFieldName("operand");
      const t = call?.childForFieldName("target");
      if (!call || !t) return undefined;
      const name = ctx.text(t);
      if (names.test(name)) return s;
      // @spec, @impl, … may stand between the doc and the def; any other attribute ends the search
      if (!PASS_THROUGH.test(name)) return undefined;
    }
    return undefined;
  };
  const attr = search(node.previousNamedSibling);
  if (!attr) return undefined;
  const str = attr.descendantsOfType("quoted_content")[0];
  if (!str) return undefined;
  return { text: ctx.text(str), line: attr.startPosition.row + 1 };
}

/**
 * `@moduledoc false` among the module's own statements — not a nested module's (`defmodule Error do
 * @moduledoc false …` inside a public module hides Error only).
 */
function moduledocFalse(mod: Node, ctx: FileContext): boolean {
  const body = mod.namedChildren.find((c) => c?.type === "do_block");
  for (const c of body?.namedChildren ?? []) {
    const t = c?.type === "unary_operator" ? c.childForFieldName("operand")?.childForFieldName("target") : undefined;
    if (t && ctx.text(t) === "moduledoc" && /^@\s*moduledoc\s+false\b/.test(ctx.text(c!))) return true;
  }
  return false;
}

export function refineElixir(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  for (const [r, parents] of walk(records)) {
    const parent = parents[parents.length - 1];
    const k = keyword(r, ctx);
    const priv = /^(defp|defmacrop|defguardp|defnp|@typep)$/.test(k);
    let hidden = priv;
    if (k === "defmodule" && r.node) hidden = moduledocFalse(r.node, ctx);
    r.exported = (parent ? parent.exported : true) && !hidden;
    if (r.signature) r.signature = cutDo(r.signature);
  }
  return mergeClauses(records, ctx);
}

/** `def`/`defp`/`defmacro` … and the number of parameters of its head, with those a default (`\\\\`) makes optional. */
function headOf(r: SymbolRecord, ctx: FileContext): { key: string; arity: number; optional: number } | undefined {
  const k = keyword(r, ctx);
  if (!r.node || !/^def/.test(k) || k === "defmodule" || k === "defprotocol" || k === "defimpl" || k === "defstruct" || k === "defexception") return undefined;
  const args = (n: Node) => n.namedChildren.find((c) => c?.type === "arguments");
  let head = args(r.node)?.namedChildren[0] ?? null;
  if (head?.type === "binary_operator" && head.childForFieldName("operator")?.type === "when") head = head.childForFieldName("left");
  if (!head) return undefined;
  const params = head.type === "call" ? (args(head)?.namedChildren ?? []) : [];
  const optional = params.filter((p) => p?.type === "binary_operator" && ctx.text(p.childForFieldName("operator")!) === "\\\\").length;
  return { key: `${k} ${r.name}/${params.length}`, arity: params.length, optional };
}

/**
 * The clauses of a multi-clause function (`def f(0)`, `def f(n)`: consecutive, one name, arity and
 * definer) are one entry, as Elixir has one function `f/1` (its docs, `@spec` and `@doc` are the first
 * clause's; ExDoc, IEx's `h`, Lexical's outline group them so): from the first clause to the last, the
 * first's head and doc; its complexity counts each clause's branches, and each clause past the first as one
 * more path (a function head's pattern match is a `case`). Each entry is also found by `name/arity` (`read
 * FILE add/2`; a default parameter's shorter arities too: `start_link/0`): SymbolRecord.arities.
 */
function mergeClauses(list: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  let prev: { r: SymbolRecord; key: string } | undefined;
  for (const r of list) {
    if (r.members?.length) r.members = mergeClauses(r.members, ctx);
    const head = FUNCTION_LIKE.has(r.kind) ? headOf(r, ctx) : undefined;
    if (head && prev && prev.key === head.key) {
      prev.r.endLine = Math.max(prev.r.endLine, r.endLine);
      if (r.node) (prev.r.clauses ??= []).push(r.node); // (its complexity counts every clause: core/pipeline.ts)
      continue;
    }
    if (head) r.arities = Array.from({ length: head.optional + 1 }, (_, i) => head.arity - head.optional + i);
    prev = head ? { r, key: head.key } : undefined;
    out.push(r);
  }
  return out;
}

const FUNCTION_LIKE = new Set(["function", "macro"]);

/** Doc text for a record from the Elixir doc attributes (the `doc` hook). */
export function elixirDoc(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (!n) return undefined;
  if (r.kind === "module" || r.kind === "protocol") {
    const body = n.namedChildren.find((c) => c?.type === "do_block");
    const attr = body?.namedChildren.find((c) => {
      const t = c?.type === "unary_operator" ? c.childForFieldName("operand")?.childForFieldName("target") : undefined;
      return t ? ctx.text(t) === "moduledoc" : false;
    });
    const str = attr?.descendantsOfType("quoted_content")[0];
    return str ? ctx.text(str) : undefined;
  }
  const found = docAttribute(n, ctx, r.kind === "type" ? /^typedoc$/ : /^doc$/);
  // (A read starts at the attribute, with the `@spec` … between: what the function's doc and contract are.)
  if (found && (r.docStartLine === undefined || found.line < r.docStartLine)) r.docStartLine = found.line;
  return found?.text;
}
