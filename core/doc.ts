/**
 * Doc attachment: the comment block directly above a declaration (decorators may stand between).
 * A blank line, or code on the comment's line, detaches it. Used by the core's `doc` tap and by
 * read_symbol, so the outline's `doc` and the fetched range always agree.
 */
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "./plugin.js";
import type { FileContext, SymbolRecord } from "./types.js";
import { extraction, isComment, partsOf, type Resolved } from "./extract.js";
import type { Siblings } from "./siblings.js";

/** A licence block's opening, in its first lines. */
const LICENCE = /^(?:.*\n){0,3}?\s*(?:\/\/+|#|\/\*+|\*|--)?\s*(?:Copyright\b|\(c\)\s*\d|@license\b|SPDX-License-Identifier|Licensed under the\b)/i;

/** A licence's terms: its grant or its disclaimer (MIT, BSD, Apache). */
const LICENCE_TERMS = /Redistribution and use in source and binary forms|THIS SOFTWARE IS PROVIDED|Permission is hereby granted, free of charge|WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND/i;

/** A JSDoc/Javadoc/Doxygen doc block (`/** …`, `/*! …`; not `/**\/`). */
const DOC_BLOCK = /^\s*\/\*(?:\*(?!\/)|!)/;

/** A comment line of punctuation only: `// ------`, `# =====`, a block comment of stars. */
const BANNER = /^\s*(?:\/\/|#|--|\/\*)[-=*#~_+\/\\. \t]*[-=*#~_+]{3}[-=*#~_+\/\\. \t]*$/;

/**
 * A `//` line of code: a member assignment (`this.x = …`, `a.b = …`), a statement ending in `;` or opening a block (`{`), a
 * declaration or return ending in `;` or `)`, closing brackets.
 */
const CODE = String.raw`(?:(?:this|[\w$]+)\.[\w$.[\]]*\s*=[^=]|.*[;{]\s*$|(?:return|const|let|var|await|throw)\s.*[;)]\s*$|[})\]]+[;,]?\s*$)`;
const LINE_CODE = new RegExp(String.raw`^\s*\/\/\s*` + CODE);
/** A line of a plain `/* … *\/` block that is code, its `*` margin stripped. */
const BLOCK_CODE = new RegExp(String.raw`^\s*` + CODE);
const CODE_OPENING = /^\s*(?:[\w$]+(?:\.[\w$]+)*\s*=[^=]|(?:var|let|const|function|return|class|import|export)\s|[\w$]+(?:\.[\w$]+)*\(.*\)\s*[;{]?\s*$)/;

export interface AttachedComment {
  text: string;
  startLine: number;
  nodes: Node[];
}

/**
 * Where to look above the first declaration of a body that has no opening token (a Python `block`, a
 * Ruby `body_statement`): the grammar puts the comments above it before the body node, as children of
 * the declaration that owns the body. The body's previous sibling, or null.
 */
function bodyOpening(first: Node, x: ReturnType<typeof extraction>): { node: Node; i: number } | null {
  const body = first.parent;
  if (!body || body.startIndex !== first.startIndex) return null;
  const owner = body.parent;
  if (!owner || !(x.bodyTypes.has(body.type) || x.bodyFields.some((f) => owner.childForFieldName(f)?.id === body.id))) return null;
  const n = body.previousSibling;
  return n ? { node: n, i: -1 } : null;
}

/** The comment block attached above `record`, or undefined. `accept` filters which comments are docs. */
export function commentAbove(ctx: FileContext, spec: LanguageSpec, record: SymbolRecord, accept?: (text: string) => boolean): AttachedComment | undefined {
  if (!record.node) return undefined;
  const x = extraction(spec);
  const { outer, decos, siblings } = partsOf(record, x);
  // Start from the first decorator that precedes the declaration as a sibling, else the outer node.
  let anchor: Node = outer;
  for (const d of decos) if (d.endIndex <= outer.startIndex && d.startIndex < anchor.startIndex) anchor = d;
  let nodes = commentsAbove(ctx, x, record, anchor, siblings, accept);
  // A doc written between the decorators and the declaration (`@Injectable()` / `/** Service. */` /
  // `export class Svc`): read above what follows the last decorator.
  if (nodes?.length === 0 && decos.length) {
    // (What follows may be a keyword: `export` in `@Injectable() /** … */ export class Svc`.)
    let next = decos[decos.length - 1]!.nextSibling;
    while (next && isComment(next, x)) next = next.nextSibling;
    if (next && next.endIndex <= outer.endIndex) nodes = commentsAbove(ctx, x, record, next, undefined, accept);
  }
  // (A banner on the file's first line naming its licence anywhere, riot's `/* Riot v10.1.6, @license MIT */`,
  // is none of it: the comments after it may still be the doc.)
  if (nodes?.length && nodes[0]!.startPosition.row === 0 && /@(?:license|preserve)\b/.test(ctx.text(nodes[0]!).split("\n", 1)[0]!)) nodes = nodes.slice(1);
  if (!nodes?.length) return undefined;
  const text = nodes.map((n) => ctx.text(n)).join("\n");
  // A file's licence header right above its first declaration, as `//` lines (`// Copyright 2019 Google
  // LLC` / `//` / `// Licensed under the Apache License…`): neither its doc nor part of its range.
  // (Also a banner whose `@license` comes later, sortablejs' `/**! Sortable 1.15.7 … @author … @license MIT */`.)
  // (Or a licence's terms wherever its copyright line stands, effect's `This is a derivative work copyright
  // (c) 2025 …` / `Redistribution and use in source and binary forms …` above ISAAC_CSPRNG.)
  if (((LICENCE.test(text.slice(0, 400)) || LICENCE_TERMS.test(text.slice(0, 2000))) && !proseAboveLicence(text)) || /^\s*(?:\/\/+|\/?\*+)\s*@license\b/im.test(text)) return undefined;
  // (And a file's first line naming its copyright anywhere: d3's `// https://d3js.org/d3-array/ v3.2.5
  // Copyright 2010-2026 Mike Bostock` above `function ascending` had been its doc.)
  if (nodes[0]!.startPosition.row === 0 && COPYRIGHT_LINE.test(text.split("\n", 1)[0]!)) return undefined;
  // Commented-out code (`// this.database = DriverUtils.buildDriverOptions(this.options).database`) is no doc.
  // (Nor is a note above it: `// Disabled until #254` / `// polyad: function (number) {` / `//   return …;`
  // / `// },` in tinycolor, mostly code.)
  const lines = text.split("\n");
  const code = lines.filter((l) => LINE_CODE.test(l)).length;
  if (code === lines.length || (code >= 2 && code * 2 > lines.length)) return undefined;
  if (nodes.length === 1 && commentedOutBlock(text)) return undefined;
  return {
    text: proseBeforeLicenceLine(lines) ?? text,
    startLine: nodes[0]!.startPosition.row + 1,
    nodes,
  };
}

/**
 * A plain `/* … *\/` block (not `/**`) that opens with code and is mostly code, its nested `//` lines and
 * `=====` rules aside: dojo's `/*===== number.__RegexpOptions = declare(null, { // pattern: … }); =====*\/`
 * pseudo-code above a function, as `//` lines of code are no doc.
 */
function commentedOutBlock(text: string): boolean {
  if (!/^\s*\/\*/.test(text) || DOC_BLOCK.test(text)) return false;
  const lines = text.replace(/^\s*\/\*+/, "").replace(/\*+\/\s*$/, "").split("\n").map((l) => l.replace(/^\s*\*(?!\/)/, "")).filter((l) => /[\w$]/.test(l) && !/^\s*\/\//.test(l));
  const code = lines.filter((l) => BLOCK_CODE.test(l)).length;
  // (Its first line a statement no sentence is: an assignment, a declaration, a call; "Stubbed for web, where we don't use this file;" is prose.)
  return !!lines.length && CODE_OPENING.test(lines[0]!) && (code === lines.length || (code >= 2 && code * 2 > lines.length));
}

/**
 * A block of `//` lines whose prose runs into a line naming a licence, sammy's `// Simple JavaScript
 * Templating` / `// John Resig - http://ejohn.org/ - MIT Licensed` / `// adapted from: …` (no full stop
 * to end the first sentence, which had read `Simple JavaScript Templating John Resig - http://… - MIT
 * Licensed adapted from:…`): the lines above that line are the doc. Undefined when no line names one, or
 * nothing above it does.
 */
function proseBeforeLicenceLine(lines: string[]): string | undefined {
  if (lines.length < 2 || !lines.every((l) => /^\s*\/\//.test(l))) return undefined;
  const at = lines.findIndex((l) => LICENCE_LINE.test(l));
  return at > 0 && lines.slice(0, at).some((l) => /[\p{L}\p{N}]/u.test(l)) ? lines.slice(0, at).join("\n") : undefined;
}
const LICENCE_LINE = /\b(?:MIT|BSD|GPL|LGPL|Apache|ISC|MPL)\b.*\blicen[cs]ed?\b|\blicen[cs]ed under\b|\bCopyright\b|\(c\)\s*\d{4}/i;

/**
 * A licence's words (`Copyright 2008 Google Inc. All rights reserved.`) under a first sentence about the
 * declaration: cosmjs-types' `/** Write a 64 bit varint … * Copyright 2008 Google Inc. … *\/` is its doc.
 * Not a banner's title (`jQuery v3.6.0`, `This file is part of …`) nor a block mostly of licence lines.
 */
function proseAboveLicence(text: string): boolean {
  const lines = text.split("\n").map((l) => l.replace(/^\s*(?:\/\/+|#|--|\/\*+!?|\*+)\s?/, "").replace(/\*+\/\s*$/, "").trim()).filter(Boolean);
  const at = lines.findIndex((l) => LICENCE.test(l));
  if (at <= 0) return false;
  const lead = lines.slice(0, at).join(" ");
  // (Its first word may be one letter: @deepkit/sql's `A simple but fast 64bit hashing function.` / `Copyright @bryc, see <url>`.)
  if (!/^[A-Z][a-z]*\s+\S+\s+\S+/.test(lead) || !/[a-z)`'"][.!?:](?:\s|$)/.test(lead) || /\b(?:this|the) (?:file|library|package|module|project|program|software)\b|\bv?\d+\.\d+\.\d+/i.test(lead)) return false;
  const legal = lines.filter((l) => /copyright|\(c\)|licen[cs]e|rights reserved|warrant|permission|redistribut|SPDX/i.test(l)).length;
  return legal * 2 < lines.length;
}

/** The comments right above `anchor` that make its doc, nearest last; undefined for none at all (a banner closing a section). */
function commentsAbove(ctx: FileContext, x: Resolved, record: SymbolRecord, anchor: Node, siblings: Siblings | undefined, accept?: (text: string) => boolean): Node[] | undefined {
  const nodes: Node[] = [];
  let nextStartRow = anchor.startPosition.row;
  // Earlier siblings come from the parent's children, read once per parent (extract.ts siblingsOf:
  // each `previousSibling` walks down from the root); `i` is a position in that list, -1 without it.
  const list = siblings?.list;
  let i = -1;
  if (list) for (let j = siblings.index; j >= 0 && i < 0; j--) if (list[j]?.id === anchor.id) i = j;
  const step = (p: { node: Node; i: number }): { node: Node; i: number } | null => {
    if (p.i < 0) {
      const n = p.node.previousSibling;
      return n ? { node: n, i: -1 } : p.node === anchor ? bodyOpening(anchor, x) : null;
    }
    for (let j = p.i - 1; j >= 0; j--) {
      const n = list![j];
      if (n) return { node: n, i: j };
    }
    return p.node === anchor ? bodyOpening(anchor, x) : null;
  };
  // Some grammars (Go) keep line terminators as anonymous tokens between statements: not code.
  const prev = (at: { node: Node; i: number }) => {
    let p = step(at);
    while (p && !p.node.isNamed && !ctx.text(p.node).trim()) p = step(p);
    return p;
  };
  for (let at = prev({ node: anchor, i }); at; at = prev(at)) {
    const sib = at.node;
    if (!isComment(sib, x)) break;
    // A blank line between detaches — but for a `/** … */` block right above (one blank line) whose
    // `@param`s are the declaration's own parameters, or with no `@param` but a tag only a declaration's
    // doc has (`@returns`, `@internal`, …): mongoose, express, commander set their JSDoc so, and Babel's
    // output leaves a blank line under every doc (graphql-js). Javadoc, Doxygen and tsc attach them too.
    if (sib.endPosition.row < nextStartRow - 1 && !(nodes.length === 0 && sib.endPosition.row === nextStartRow - 2 && docAcrossBlankLine(ctx.text(sib), record, ctx, afterCode(prev(at)?.node)))) break;
    const before = prev(at)?.node;
    if (before && before.endPosition.row === sib.startPosition.row && !isComment(before, x)) break; // trailing comment of code
    const text = ctx.text(sib);
    if (x.stopDoc.some((re) => re.test(text)) || FILE_DOC.test(text)) break;
    // Not a doc, but no gap either: a doc above `/* @__NO_SIDE_EFFECTS__ */` or `// eslint-disable-next-line` still attaches.
    if (x.ignoreDoc.some((re) => re.test(text))) {
      nextStartRow = sib.startPosition.row;
      continue;
    }
    if (accept && !accept(text)) break;
    // A `/** … */` doc block is the whole doc: a `// src/node/env.ts` line or another comment above it
    // (a bundler's source marker, a note) is not part of it.
    if (nodes.length && DOC_BLOCK.test(ctx.text(nodes[0]!))) break;
    // Nor is the file's header block above other comments: the nearer `// Command line args` is the
    // doc, not `/** Parallel Tool Calls Client … */` (a doc block above `// DR 865.` notes still is).
    // (Unless all those are a link, ox's `/** Combines members … */` / `// https://twitter.com/…` above
    // `type Compute`, its doc: a reference is no doc of its own.)
    if (nodes.length && DOC_BLOCK.test(text) && !prev(at) && !nodes.every((n) => LINK_LINE.test(ctx.text(n)))) break;
    // A banner (`// ------`) closes a section header (`// ---- / // Constructor / // ----`): no doc.
    // (But a rule inside the doc, a table's `//	---+---` under its header row, with prose above it that is
    // no section's title: Go's tar.Format, runtime's heapAddrBits had lost their docs.)
    if (BANNER.test(text) && !ruleInDoc(ctx, x, nodes, at, prev)) return undefined;
    nodes.unshift(sib);
    nextStartRow = sib.startPosition.row;
  }
  return nodes;
}

const CALLABLE = new Set(["function", "method", "constructor"]);

/** Whether a node above a comment is code (an import, a package line), not another comment or nothing. */
const afterCode = (node: Node | undefined) => !!node && node.isNamed && !/comment/.test(node.type);

type Step = { node: Node; i: number };

/**
 * Whether the banner at `at` is a rule inside a doc comment: doc lines below it, and right above it a
 * comment line that is neither a banner nor a title under one (`// ---- / // Title / // ----`).
 */
function ruleInDoc(ctx: FileContext, x: Resolved, below: Node[], at: Step, prev: (p: Step) => Step | null): boolean {
  const above = prev(at);
  if (!below.length || !above || !isComment(above.node, x) || above.node.endPosition.row < at.node.startPosition.row - 1) return false;
  if (BANNER.test(ctx.text(above.node))) return false;
  const top = prev(above);
  return !(top && isComment(top.node, x) && top.node.endPosition.row >= above.node.startPosition.row - 1 && BANNER.test(ctx.text(top.node)));
}

/** A line comment that is a link, with a word or two before it (`// https://…`, `// s/o https://…`, `// see: https://…`). */
const LINK_LINE = /^\s*\/\/+\s*(?:[^\s:]+:?\s+){0,2}https?:\/\/\S+\s*$/;

/** A file's own doc (JSDoc's `@module`, `@file`/`@fileoverview`/`@overview`, Doxygen's `\file`): not its first declaration's. */
const FILE_DOC = /(?:^|\n)[\s*/]*[@\\](?:module|file|fileoverview|overview)\b/;

/** Tags of a doc block written for the declaration below it. */
const DECLARATION_TAG = /(?:^|\s)@(?:returns?|internal|deprecated|throws|exception|example|private|public|protected|api|since|see|type|template|override|async|static|readonly|default|abstract|beta|alpha|experimental|remarks|inheritdoc|hidden|ignore)\b/i;
/** Tags of a file's header or of a type declared in a comment: not the next declaration's doc. */
const COPYRIGHT_LINE = /(?:\bCopyright|\(c\))\s+(?:\(c\)\s*)?\d{4}/i;
const HEADER_TAG = /@(?:license|preserve|copyright|file|fileoverview|overview|module|typedef|callback)\b/i;
/** A file header's tag, but a type's too (Javadoc's class docs): a header's only at the file's start. */
const AUTHOR_TAG = /@author\b/i;
const TYPE_RECORDS = new Set(["class", "interface", "enum", "struct", "trait", "protocol", "record"]);

/**
 * Whether a doc block one blank line above `record` is its doc all the same (see commentAbove).
 * `afterCode`: code stands above the block (imports, a package line), so it heads no file.
 */
function docAcrossBlankLine(doc: string, record: SymbolRecord, ctx: FileContext, afterCode: boolean): boolean {
  if (!DOC_BLOCK.test(doc)) return false;
  // (`@author` … `@since` over a class after the imports, one blank line down: JDK style, the javadoc
  // tool's class doc — DocumentBuilder's, ThreadInfo's had been dropped.)
  const header = HEADER_TAG.test(doc) || (AUTHOR_TAG.test(doc) && !(afterCode && TYPE_RECORDS.has(record.kind)));
  const declarationTagged = DECLARATION_TAG.test(doc) && !header;
  // (A function's doc whose `@param` names drifted, or that documents what it reads from `arguments`
  // — mongoose's `@param … @return … @api public` blocks: 206 docs — still has a declaration's tag.)
  if (doc.includes("@param")) return paramsMatch(doc, record, ctx) || (declarationTagged && CALLABLE.has(record.kind));
  return declarationTagged;
}

/**
 * Whether a doc block's `@param` names (one at least; `@param {T} [name=…]`, `options.x` as `options`)
 * are all parameters of the record's declaration: its head, up to the body.
 */
function paramsMatch(doc: string, record: SymbolRecord, ctx: FileContext): boolean {
  if (!DOC_BLOCK.test(doc) || !doc.includes("@param")) return false;
  const names = [...doc.matchAll(/@param\s+(?:\{[^}\n]*\}\s*)?\[?([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
  if (!names.length || !record.node) return false;
  const head = ctx.text(record.node).slice(0, 600);
  const open = head.indexOf("(");
  if (open < 0) return false;
  const params = head.slice(open, head.search(/\)\s*(?:[:{]|=>)/) + 1 || undefined);
  return names.every((n) => new RegExp(`(?<![\\w$.])${n.replace(/\$/g, "\\$")}(?![\\w$])`).test(params));
}
