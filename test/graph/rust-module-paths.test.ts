/**
 * A Rust path through a module (core/graph/rust-paths.ts): serde's `de::Error` had been linked to the first
 * imported file exporting an `Error` (de/value.rs's struct), and `fmt::Error` — core's — to a project `Error`.
 * The trait `de::Error` itself is macro-generated (`declare_error_trait!`, language-packs/rust/macro-expansions.ts).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const crate: Record<string, string> = {
  "Cargo.toml": `[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2018"\n`,
  "src/lib.rs": `pub mod de;\nmod private;\nmod error;\nmod ty;\n`,
  "src/de/mod.rs": [
    "pub mod value;",
    "",
    "macro_rules! declare_error_trait {",
    "    (Error: Sized) => {",
    "        pub trait Error: Sized {",
    "            fn custom(msg: &str) -> Self;",
    "        }",
    "    };",
    "}",
    "",
    "declare_error_trait!(Error: Sized);",
    "",
  ].join("\n"),
  "src/de/value.rs": "use crate::de;\n\npub struct Value;\n\npub struct Error;\n\nimpl de::Error for Error {\n    fn custom(_msg: &str) -> Self {\n        Error\n    }\n}\n",
  "src/private.rs": [
    "use crate::de::value::Value;",
    "use crate::de;",
    "use std::fmt;",
    "",
    "pub fn fail<E: de::Error>(_v: Value) -> E {",
    "    E::custom(\"x\")",
    "}",
    "",
    "pub fn show() -> Result<(), fmt::Error> {",
    "    Err(fmt::Error)",
    "}",
    "",
  ].join("\n"),
  // syn's shape: a module named like a std one (`error`), reached through `use super::*` of the root that declares it.
  "src/error.rs": "pub fn new2() -> u8 {\n    2\n}\n",
  "src/ty.rs": "use super::*;\n\npub fn parse() -> u8 {\n    error::new2()\n}\n",
};

describe("rust: a path through a module names that module's definition", () => {
  it("`de::Error` is de/mod.rs's (macro-generated) trait, not the first imported file's `Error`; `fmt::Error` is no project Error", async () => {
    const uses = await usedBy(crate);
    expect(uses("src/de/mod.rs", "Error")).toContain("src/private.rs");
    expect(uses("src/de/value.rs", "Error")).not.toContain("src/private.rs");
  });

  it("a std module's name that a file it imports declares is still the project's (`error::new2` through `use super::*`)", async () => {
    const uses = await usedBy(crate);
    expect(uses("src/error.rs", "new2")).toContain("src/ty.rs");
  });
});
