/**
 * A data entry's head folds the function bodies its value hands to a call: `codes.ERR_X =
 * createError("ERR_X", (request, reason) => {…})`, `handler: wrap(function (ctx) {…})`, `access: new
 * Definition('access', { flatten (key, obj) {…} })` — as an object literal's are. The head had carried the body verbatim, joined on one line (prettier's 17, eslint-plugin-react's 12).
 */
import type { Hooks } from "../../core/hooks.js";
import { STAGE } from "../../core/stages.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { walk } from "../../core/extract.js";
import type { Node } from "web-tree-sitter";
import { MAX_SIGNATURE } from "../../core/heads.js";
import { clip, collapseHead } from "../../core/text.js";

const DATA = new Set(["property", "constant", "variable"]);
const FUNCTIONS = ["arrow_function", "function_expression", "generator_function", "method_definition"];

export function tapFoldedHeads(hooks: Hooks, id: string): void {
  hooks.extract.for(id).tap({ name: "pack:typescript:folded-heads", stage: STAGE.PACK + 1 }, (records, ctx) => {
    for (const [r] of walk(records)) foldBodies(r, ctx);
    return records;
  });
}

/**
 * `r`'s head rebuilt from its text with each outermost function body in its value as `{…}`, when the head
 * spells out the text up to the first body, comments dropped (not a head written otherwise: a binding's
 * `const x = …`), and comes out shorter (a long one had been clipped mid-body: prettier's `createError` codes).
 */
function foldBodies(r: SymbolRecord, ctx: FileContext): void {
  const head = r.signature;
  const node = r.node;
  // (An object's shorthand method too: npm's `access: new Definition('access', { …, flatten (key, obj) {…} })`.)
  if (!head || !node || !DATA.has(r.kind) || !/=>|\bfunction\b|[\w$\]]\s*\([^()]*\)\s*\{/.test(head) || node.endIndex - node.startIndex > 20_000) return;
  const bodies: Node[] = [];
  for (const fn of node.descendantsOfType(FUNCTIONS)) {
    const body = fn?.childForFieldName("body");
    if (body?.type !== "statement_block" || body.endIndex - body.startIndex <= 3) continue;
    if (bodies.length && body.startIndex < bodies[bodies.length - 1]!.endIndex) continue; // (inside one folded already)
    bodies.push(body);
  }
  if (!bodies.length) return;
  // Cuts: each body as `{…}`, each comment outside them dropped (as the head drops it: prettier's
  // `createError("ERR_X", /** @param … */ (request, reason) => {…})`, jspdf's `/** … */` between keys).
  const inBody = (c: Node) => bodies.some((b) => b.startIndex <= c.startIndex && c.endIndex <= b.endIndex);
  const comments = node.descendantsOfType("comment").filter((c): c is Node => !!c && !inBody(c));
  const cuts = [...bodies.map((b) => [b, "{…}"] as const), ...comments.map((c) => [c, ""] as const)].sort((a, b) => a[0].startIndex - b[0].startIndex);
  let text = "";
  let at = node.startIndex;
  for (const [n, put] of cuts) {
    text += ctx.source.slice(at, n.startIndex) + put;
    at = n.endIndex;
  }
  if (!head.startsWith(collapseHead(text.slice(0, text.indexOf("{…}"))).trimEnd())) return;
  const folded = clip(collapseHead(text + ctx.source.slice(at, node.endIndex)).replace(/\s*;$/, ""), MAX_SIGNATURE);
  if (folded.length < head.length) r.signature = folded;
}
