/**
 * The node types a query's text writes for one capture, read from the text (web-tree-sitter's Query
 * says no pattern's steps): `(constant) @name` → constant; `[(word) (alias) "=="] @name` → word, alias;
 * a wildcard `(_) @name`, a bare `_`, a literal `"=="` or a grouping of sibling patterns say no type and
 * add none. The project graph takes a tags query's `@name` types as the language's names (graph/name-types.ts).
 */

type Item = { group: "(" | "["; items: Item[] } | { word: string } | { capture: string } | { literal: true };

/** The text's items, nested by brackets; comments (`;` to the line's end) dropped. */
function parse(text: string): Item[] {
  const root: Item[] = [];
  const stack: Item[][] = [root];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const top = stack[stack.length - 1]!;
    if (ch === ";") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      top.push({ literal: true });
      i = j + 1;
    } else if (ch === "(" || ch === "[") {
      const items: Item[] = [];
      top.push({ group: ch, items });
      stack.push(items);
      i++;
    } else if (ch === ")" || ch === "]") {
      if (stack.length > 1) stack.pop();
      i++;
    } else if (/\s/.test(ch)) i++;
    else {
      let j = i + 1;
      while (j < text.length && !/[\s()[\]";]/.test(text[j]!)) j++;
      const tok = text.slice(i, j);
      top.push(tok.startsWith("@") ? { capture: tok.slice(1) } : { word: tok });
      i = j;
    }
  }
  return root;
}

/** A parenthesized node's type: its first word (`_` and a grouping, whose first item is a group, say none). */
function typeOf(item: Item): string[] {
  if (!("group" in item)) return [];
  if (item.group === "[") return item.items.flatMap(typeOf);
  const head = item.items[0];
  return head && "word" in head && /^[A-Za-z]\w*$/.test(head.word) ? [head.word] : [];
}

export function capturedTypes(text: string, capture: string): string[] {
  const out = new Set<string>();
  const visit = (items: Item[]) => {
    let last: Item | undefined;
    for (const it of items) {
      if ("capture" in it) {
        if (it.capture === capture && last) for (const t of typeOf(last)) out.add(t);
        continue; // (several captures on one node: `(enum_body …) @name @definition.constant`)
      }
      // (A quantifier stands between a node and its capture: `(x)* @name`.)
      if ("word" in it && /^[*+?]$/.test(it.word)) continue;
      last = it;
      if ("group" in it) visit(it.items);
    }
  };
  visit(parse(text));
  return [...out];
}
