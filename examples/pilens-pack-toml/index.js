/**
 * pilens-pack-toml — an example third-party language pack (see docs/writing-a-language-pack.md).
 *
 * Queries say what is declared (queries/tags.scm). The code below says what the grammar cannot:
 * a TOML table's node runs on to the next header, swallowing the blank lines and the comment that
 * documents the NEXT table; the extract tap trims it and the doc tap reads `#` lines above a header.
 *
 * Load it from `.pilensrc`:   packs: ["./examples/pilens-pack-toml"]   (or its npm name)
 * A plain object with JSDoc types: no build step and no runtime dependency on pilens.
 */

/** @typedef {import("pilens").LanguagePack} LanguagePack */

const CONTAINERS = new Set(["module", "object"]);

/** @param {string[]} lines @param {number} start @param {number} end */
function lastContentLine(lines, start, end) {
  let e = end;
  while (e > start && /^\s*(#.*)?$/.test(lines[e - 1] ?? "")) e--;
  return e;
}

/** @type {LanguagePack} */
const pack = {
  meta: { name: "pilens-pack-toml", version: "0.1.0", description: "TOML tables and keys" },
  languages: [
    {
      id: "toml",
      extensions: [".toml"],
      filenames: ["Pipfile"],
      grammar: "toml",
      queries: { tags: new URL("./queries/tags.scm", import.meta.url) },
      callbackSupport: "generic",
    },
  ],
  options: { trimTables: true },
  apply(hooks, api) {
    hooks.extract.for("toml").tap("pilens-pack-toml", (records, ctx) => {
      const trim = api.options("toml").trimTables !== false;
      /** @param {import("pilens").SymbolRecord[]} list */
      const visit = (list) => {
        for (const r of list) {
          // The header or the `key = value` line is the signature (the core would cut at `{`).
          r.signature = ctx.lines[r.startLine - 1]?.trim().slice(0, 160);
          if (CONTAINERS.has(r.kind) && trim) r.endLine = lastContentLine(ctx.lines, r.startLine, r.endLine);
          visit(r.members);
        }
      };
      visit(records);
      return records;
    });
    hooks.doc.for("toml").tap("pilens-pack-toml", (doc, record, ctx) => {
      if (doc !== undefined || !CONTAINERS.has(record.kind)) return doc;
      const above = [];
      for (let i = record.startLine - 1; i >= 1 && /^\s*#/.test(ctx.lines[i - 1] ?? ""); i--) above.unshift(ctx.lines[i - 1]);
      if (!above.length) return undefined;
      record.docStartLine = record.startLine - above.length;
      return above.map((l) => l.replace(/^\s*#+\s?/, "")).join(" ");
    });
  },
};

export default pack;
