/**
 * A file whose outline was read with another file (FileContext.inputs → FileEntry.xi: a Rust file and the
 * macros.rs whose `macro_rules!` it expands) is parsed again when that file changes — by a build and by a
 * host's file update —, so the graph's definitions follow an edit of the macro alone.
 */
import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const macro = (item: string) => `macro_rules! make {\n    ($name:ident) => { ${item} };\n}\n`;

/** The kind the graph gives `name` (symbol_search's row for its definition). */
async function kindOf(lens: Lens, name: string): Promise<string | undefined> {
  const r = await lens.symbolSearch(name, { limit: 5 });
  if (!r.available) throw new Error(r.reason);
  return r.hits.find((h) => h.symbol === name)?.kind;
}

/** macros.rs rewritten, its mtime moved on (an edit within the same millisecond reads as none). */
function edit(dir: string, text: string, seconds: number): string {
  const file = join(dir, "src", "macros.rs");
  writeFileSync(file, text);
  const t = new Date(Date.now() + seconds * 1000);
  utimesSync(file, t, t);
  return file;
}

describe("a Rust file's macros in another file", () => {
  it("an edit of macros.rs alone re-reads the files expanding its macros: by index() and by updateFiles()", async () => {
    const dir = tempProject({
      "Cargo.toml": "[package]\nname = \"m\"\n",
      "src/lib.rs": "#[macro_use]\nmod macros;\npub mod user;\n",
      "src/macros.rs": macro("pub fn $name() {}"),
      "src/user.rs": "make!(alpha_item);\n",
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    expect(await kindOf(lens, "alpha_item")).toBe("function");
    edit(dir, macro("pub struct $name;"), 5);
    await lens.index();
    expect(await kindOf(lens, "alpha_item")).toBe("struct");
    const file = edit(dir, macro("pub trait $name {}"), 10);
    await lens.updateFiles([file]);
    expect(await kindOf(lens, "alpha_item")).toBe("trait");
  });
});
