/**
 * PHP 8.1 enums the bundled grammar (tree-sitter-wasms 0.1.13's php) cannot parse: its enum body takes
 * `case`s with a string or integer value, methods and `use` — not a constant (`const Wild = self::Spades;`,
 * `public const DEFAULT = 'x';`) nor a case whose value is an expression (`case All = self::A | self::B;`,
 * `case Label = 'a' . 'b';`). The enum ended at the first such line: every later member a top-level
 * function or constant, exported whatever its visibility. The pack's repair (kept only when the error
 * regions shrink, core/reparse.ts) reads such a constant as a case of the same name (`const Wild = …;` →
 * `case  Wild     ;`: its first name, the value blanked) and such a case without its value; records read the
 * real source (the signature `const Wild = self::Spades`, the kind `constant` either way), and php.ts reads
 * a masked constant's visibility from that source.
 */

/** An enum's head up to its body's `{` (backed, implementing interfaces), opening its line (after attributes). */
const ENUM_HEAD = /(^|\n)([ \t]*(?:#\[[^\n]*\][ \t]*)?)enum[ \t]+\w+[ \t]*(?::[ \t]*\w+[ \t]*)?(?:implements[ \t\r\n]+[\w\\, \t\r\n]+?)?[ \t\r\n]*\{/g;
/** A constant among an enum's members: attributes, modifiers, `const`, an optional type, its (first) name, `=`. */
const CONST = /^((?:#\[[^\]]*\]\s*)*)((?:(?:final|public|protected|private)\s+)*const\s+(?:[\w\\?|]+\s+)?)(\w+)\s*=/;
/** A case with a value: attributes, `case Name`, `=`, the value. */
const CASE = /^((?:#\[[^\]]*\]\s*)*case\s+\w+\s*)(=[\s\S]*)$/;
/** A case value the grammar parses: one string or integer literal. */
const PLAIN_VALUE = /^=\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\$]|\\.)*"|\d[\d_]*|0[xX][\da-fA-F_]+|0[bB][01_]+)\s*$/;

/** `s` with every character but line breaks a blank. */
const blank = (s: string) => s.replace(/[^\r\n]/g, " ");

/** The statements of an enum body from `open` (its `{`): [start, end) of each, `;`-ended, at the body's own depth; -1 when the scan fails. */
function bodyStatements(text: string, open: number): Array<[number, number]> | undefined {
  const out: Array<[number, number]> = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      let k = i + 1;
      while (k < text.length && text[k] !== c) k += text[k] === "\\" ? 2 : 1;
      i = k;
      continue;
    }
    if ((c === "/" && text[i + 1] === "/") || (c === "#" && text[i + 1] !== "[")) {
      const nl = text.indexOf("\n", i);
      if (depth === 0 && text.slice(start, i).trim() === "") start = nl < 0 ? text.length : nl + 1;
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) return undefined;
      if (depth === 0 && text.slice(start, i).trim() === "") start = end + 2;
      i = end + 1;
      continue;
    }
    if (c === "<" && text.startsWith("<<<", i)) return undefined; // a heredoc: not scanned
    if (c === "{" || c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "}") {
      if (depth === 0) return out; // the enum's end
      if (--depth === 0) start = i + 1; // a method's body ended
    } else if (c === ";" && depth === 0) {
      out.push([start, i]);
      start = i + 1;
    }
  }
  return undefined;
}

/** The statement at [s, e) of `text` masked for the grammar (see the file comment), or undefined when it parses as written. */
function maskStatement(stmt: string): string | undefined {
  const lead = stmt.length - stmt.trimStart().length;
  const body = stmt.slice(lead);
  const k = CONST.exec(body);
  if (k) {
    const [, attrs, head, name] = k;
    const mods = blank(head!);
    if (mods.length < 5) return undefined;
    return stmt.slice(0, lead) + attrs + "case" + mods.slice(4) + name + blank(body.slice(attrs!.length + head!.length + name!.length));
  }
  const c = CASE.exec(body);
  if (c && !PLAIN_VALUE.test(c[2]!)) return stmt.slice(0, lead) + c[1] + blank(c[2]!);
  return undefined;
}

/** `text` with enum constants and expression-valued cases masked (see the file comment), or undefined. */
export function repairPhpEnums(text: string): string | undefined {
  if (!/\benum\b/.test(text)) return undefined;
  let out = text;
  for (const m of text.matchAll(ENUM_HEAD)) {
    const open = m.index + m[0].length - 1;
    const statements = bodyStatements(text, open);
    for (const [s, e] of statements ?? []) {
      const masked = maskStatement(text.slice(s, e));
      if (masked !== undefined && masked.length === e - s) out = out.slice(0, s) + masked + out.slice(e);
    }
  }
  return out === text ? undefined : out;
}
