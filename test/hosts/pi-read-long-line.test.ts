/**
 * pilens' `read` in pi on a source file with a line longer than one read in its middle (undici's
 * llhttp-wasm.js: a 72 KB base64 string on line 5 of 15): auto outlines the whole file, as a map within one
 * read — pi's read, and our full read, stop before that line and show 4 lines (QA session 49).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import type { ViewResult } from "../../core/view/index.js";
import { makeProject, type TempProject } from "./project.js";
import { openPiSession, type Done } from "./pi-session.js";

let project: TempProject;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;
const view = (d: Done) => (d.details as { result: ViewResult }).result;

const SOURCE = [
  "'use strict'",
  "",
  "const { Buffer } = require('node:buffer')",
  "",
  `const wasmBase64 = '${"AGFzbQEAAAAB".repeat(6000)}'`,
  "",
  "let wasmBuffer",
  "",
  "function load () {",
  "  return wasmBuffer ??= Buffer.from(wasmBase64, 'base64')",
  "}",
  "",
  "module.exports = { load }",
  "",
].join("\n");

beforeAll(() => {
  project = makeProject();
  writeFileSync(join(project.root, "src", "wasm.js"), SOURCE);
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-long-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("pi: a line longer than one read inside a source file", () => {
  it("auto maps the whole file in one read (its declarations after the long line too), not the 4 lines before it", async () => {
    const pi = await openPiSession(project.root, faux);
    const [auto, full] = await pi.prompt([
      fauxAssistantMessage(fauxToolCall("read", { path: "src/wasm.js" }, { id: "l01" }), { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxToolCall("read", { path: "src/wasm.js", mode: "full" }, { id: "l02" }), { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(view(auto!)).toMatchObject({ served: "map", startLine: 1, endLine: 13 });
    expect(auto!.text).not.toMatch(/would not fit/);
    expect(auto!.text).toMatch(/^5  const wasmBase64 = …$/m);
    expect(auto!.text).toMatch(/^9-11  export function load \(\)$/m);
    expect(auto!.text.length).toBeLessThan(1000);
    // mode full still stops before the long line, and says where to go on.
    expect(view(full!)).toMatchObject({ served: "full", startLine: 1, endLine: 4 });
    expect(full!.text).toMatch(/continue with offset=5/);
    pi.session.dispose();
  });
});
