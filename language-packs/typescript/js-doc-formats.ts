/**
 * Doc-comment formats of JavaScript libraries the core's comment reading does not know: dr.js's blocks
 * (raphael, snap.svg, eve) and the lint directives written as block comments (`/*global …*\/`).
 */
import type { Hooks } from "../../core/hooks.js";
import { STAGE } from "../../core/stages.js";

/**
 * jshint's and eslint's globals, `/*global process, console*\/`, `/* globals $: readonly *\/`, `/* exported
 * init *\/` — a comma list of names (each perhaps `: true`/`readonly`, an eslint `-- reason` after):
 * configuration, no doc (dust's and kefir's modules had them as docs). Prose that opens with the word,
 * `/* global state of the cache *\/`, is no list. (`/*jshint …*\/`, `/*jslint …*\/`: DEFAULT_IGNORE_DOC.)
 */
const LINT_GLOBALS = /^\s*\/\*\s*(?:globals?|exported)\s+[\w$]+(?:\s*:\s*\w+)?(?:\s*,\s*[\w$]+(?:\s*:\s*\w+)?)*\s*,?\s*(?:--[\s\S]*?)?\*\/\s*$/;

/**
 * webpack's markers in its output, `/* harmony default export *\/ const x = …`, `/* harmony export *\/`,
 * `/* harmony import *\/`, `/* unused harmony export f *\/`, `/* harmony reexport (safe) *\/`, `/* module
 * decorator *\/`, `/* provided dependency *\/`: a bundler's note, no doc (react-bootstrap's dist had 176).
 */
const WEBPACK_MARKER = /^\s*\/\*+\s*(?:(?:unused\s+)?harmony\s+(?:default\s+export|export|import|reexport)|module\s+decorator|provided\s+dependency)\b[^\n]*?\*\/\s*$/;

/** The TS pack's ignored comments beyond the core's: a licence banner, `/*! lib v1.2 | MIT *\/` (which minifiers keep), LINT_GLOBALS and WEBPACK_MARKER. */
export const JS_IGNORE_DOC: RegExp[] = [/^\s*\/\*\s*!/, LINT_GLOBALS, WEBPACK_MARKER];

const DRJS_OPEN = /^\s*\/\*\\\s*$/;
const DRJS_CLOSE = /^\s*\\\*\/\s*$/;

/**
 * dr.js's doc blocks, `/*\` / ` * Raphael.angle` / ` [ method ]` / ` **` / ` * Returns angle between two
 * or three points` / ` > Parameters` / ` - x1 (number) …` / ` = (number) …` / `\*\/`: the ` *` lines after
 * the first (the documented name) are the description, the doc — not the `[ type ]`
 * line, the `>` headings, `-` parameters, `=` returns, `|` code or `o` keys (the doc had read "\ Raphael.angle
 * [ method ]": raphael's 361 and snap.svg's 558 documented symbols). Of several blocks above one
 * statement (`Raphael.svg`, `Raphael.vml` above `R.svg = !(R.vml = …)`), the one naming the symbol, else
 * the nearest; none with no description.
 */
export function tapDrjsDocs(hooks: Hooks, id: string): void {
  hooks.doc.for(id).tap({ name: "pack:typescript:drjs-doc", stage: STAGE.PACK }, (doc, r, ctx) => {
    const from = r.docStartLine;
    if (doc === undefined || from === undefined || !DRJS_OPEN.test(ctx.lines[from - 1] ?? "")) return doc;
    const blocks: { name: string; text: string[] }[] = [];
    let block: { name: string; text: string[] } | undefined;
    let described = false;
    for (let i = from - 1; i < r.startLine - 1 && i < ctx.lines.length; i++) {
      const line = ctx.lines[i]!;
      if (DRJS_OPEN.test(line)) {
        blocks.push((block = { name: "", text: [] }));
        described = false;
        continue;
      }
      if (!block || DRJS_CLOSE.test(line)) {
        block = undefined;
        continue;
      }
      const m = /^\s*\*(?!\*)\s?(.*)$/.exec(line);
      if (!m) {
        if (described && /^\s*[>\-=|o#]/.test(line)) block = undefined; // (the description is over)
        continue;
      }
      if (!block.name) block.name = m[1]!.trim();
      else {
        block.text.push(m[1]!);
        described = true;
      }
    }
    if (!blocks.length) return doc;
    const own = blocks.find((b) => b.name === r.name || b.name.endsWith(`.${r.name}`)) ?? blocks[blocks.length - 1]!;
    return own.text.join("\n").trim(); // ("": no doc; the core cuts the rest to its first sentence)
  });
}
