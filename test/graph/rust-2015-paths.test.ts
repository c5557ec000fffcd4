/**
 * Rust 2015 (a Cargo.toml with no `edition`: serde, libc, log, num-traits — 42 of Debian's 173 crates):
 * `use ser::Serializer;` in any file is a path from the crate root, the `ser` module lib.rs declares
 * (2018 writes `crate::ser`). Such imports had been external, so serde's `Serializer` was used by none of
 * the files that implement it (ser/fmt.rs, private/ser.rs) and their blast radius missed them.
 */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const crate = (edition: string): Record<string, string> => ({
  "Cargo.toml": `[package]\nname = "demo"\nversion = "0.1.0"\n${edition}\n[dependencies]\nedition = "x"\n`,
  "src/lib.rs": `mod lib {\n    pub use std::fmt;\n}\n\npub mod ser;\n\n#[path = "private/mod.rs"]\npub mod __private;\n`,
  "src/ser/mod.rs": `mod fmt;\n\npub trait Serializer {\n    fn serialize_str(self, v: &str);\n}\n`,
  "src/ser/fmt.rs": `use lib::*;\nuse ser::Serializer;\n\npub struct Out;\n\nimpl Serializer for Out {\n    fn serialize_str(self, v: &str) {}\n}\n`,
  "src/private/mod.rs": `pub mod size_hint;\n`,
  "src/private/size_hint.rs": `pub fn cautious(hint: Option<usize>) -> usize {\n    hint.unwrap_or(0)\n}\n`,
  "src/de.rs": `use __private::size_hint;\n\npub fn reserve(n: Option<usize>) -> usize {\n    size_hint::cautious(n)\n}\n`,
});

describe("Rust 2015 paths from the crate root", () => {
  it("`use ser::Serializer` in a 2015 crate is the crate's module: an internal import, and a use of the trait", async () => {
    const files = crate("");
    const dir = tempProject(files);
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.moduleReport(join(dir, "src/ser/fmt.rs"));
    expect(r.imports.internal).toEqual(["src/lib.rs", "src/ser/mod.rs"]);
    expect(r.imports.external).toEqual([]);
    // (A root module declared with `#[path]`: its submodule beside the file it names.)
    const de = await lens.moduleReport(join(dir, "src/de.rs"));
    expect(de.imports.internal).toEqual(["src/private/size_hint.rs"]);
    const uses = await usedBy(files);
    expect(uses("src/ser/mod.rs", "Serializer")).toContain("src/ser/fmt.rs");
    expect(uses("src/private/size_hint.rs", "cautious")).toContain("src/de.rs");
  });

  it("in a 2018 crate the same path names an external crate (an `edition` in [package] only counts there)", async () => {
    const dir = tempProject(crate(`edition = "2018"`));
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.moduleReport(join(dir, "src/ser/fmt.rs"));
    expect(r.imports.external).toEqual(["lib", "ser::Serializer"]);
  });

  it("an edition inherited from the workspace is no 2015 crate (`edition.workspace = true`, `edition = { workspace = true }`)", async () => {
    for (const edition of ["edition.workspace = true", "edition = { workspace = true }"]) {
      const dir = tempProject(crate(edition));
      const lens = await Lens.create({ cwd: dir });
      const r = await lens.moduleReport(join(dir, "src/ser/fmt.rs"));
      expect(r.imports.external, edition).toEqual(["lib", "ser::Serializer"]);
    }
  });
});
