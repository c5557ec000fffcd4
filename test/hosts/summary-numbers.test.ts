/**
 * The one-line summaries the hosts put above an answer, through the MCP server (SDK client over stdio) and
 * pi itself (headless, scripted faux model): a one-line symbol's read says `1 line` (it said `1 lines`), and
 * an auto view's line says one size for one file — module_report's `fileTokens` — where it had said the
 * characters / 4 of the ledger beside auto's code estimate (`~651 of ~5587 tokens (auto: medium code (~6089 tokens))`),
 * and says it once: `~1274 of ~6207 tokens (auto: medium code)` had been `… (auto: medium code (~6207 tokens))`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import { connectMcp, makeProject, toolText as text, type TempProject } from "./project.js";
import { openPiSession } from "./pi-session.js";

// A medium code file (over auto's 2,000 tokens at characters / 4): deeply indented methods, where
// characters / 4 and the code estimate part most.
const method = (i: number) => [
  `  /** Step ${i} of the pipeline. */`,
  `  step${i}(input: Record<string, number>): number {`,
  `    if (input.limit${i} > ${i}) {`,
  `        for (const key of Object.keys(input)) {`,
  `            if (key.startsWith("value${i}")) {`,
  `                return input[key]! * ${i};`,
  `            }`,
  `        }`,
  `    }`,
  `    return ${i};`,
  `  }`,
];
const BIG = ["export function one() { return 1; }", "export class Pipeline {", ...Array.from({ length: 40 }, (_, i) => method(i)).flat(), "}", ""].join("\n");

let project: TempProject;
let client: Client;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;

beforeAll(async () => {
  project = makeProject({ "src/big.ts": BIG, "src/small.ts": "export const small = 1;\n" });
  client = await connectMcp(project.root, "pilens-summary-numbers-test");
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-sum-home-"));
  faux = registerFauxProvider();
});

afterAll(async () => {
  await client?.close();
  faux?.unregister();
  process.env.HOME = savedHome;
});

const SIZES = /^(?:view|read) src\/big\.ts signatures 1-\d+ of \d+ · ~(\d+) of ~(\d+) tokens \(auto: medium code\)$/;
/** How often a line says `n`, as a number of its own. */
const times = (line: string, n: number) => line.split(new RegExp(`(?<!\\d)${n}(?!\\d)`)).length - 1;

describe("hosts' summary lines", () => {
  it("MCP: a one-line read says `1 line`; an auto view says the file's size once, as module_report counts it", async () => {
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name: `pilens_${name}`, arguments: args });
    expect(text(await call("read_symbol", { file: "src/big.ts", symbol: "one" })).split("\n")[0]).toBe("read_symbol function one  src/big.ts:1-1 · 1 line");
    expect(text(await call("read_symbol", { file: "src/big.ts", symbol: "step3" })).split("\n")[0]).toBe("read_symbol method Pipeline.step3  src/big.ts:36-46 · 11 lines");
    const report = text(await call("module_report", { file: "src/big.ts", view: "json" }));
    const fileTokens = Number(/"fileTokens":\s*(\d+)/.exec(report)![1]);
    const line = text(await call("view", { file: "src/big.ts" })).split("\n")[0]!;
    const m = SIZES.exec(line);
    expect(m, line).not.toBeNull();
    const [sent, raw] = m!.slice(1).map(Number) as [number, number];
    expect(raw).toBe(fileTokens);
    expect(times(line, fileTokens)).toBe(1);
    expect(sent).toBeLessThan(raw);
    // A file served whole says its size once too, in auto's reason (no `~N of ~M` part then).
    const small = text(await call("view", { file: "src/small.ts" })).split("\n")[0]!;
    expect(small).toMatch(/^view src\/small\.ts full 1-1 of 1 \(auto: small \(~\d+ tokens\)\)$/);
    // (The file is one whose characters / 4 is far from that count: the two had read as two sizes.)
    expect(Math.abs(Math.ceil(BIG.length / 4) - fileTokens)).toBeGreaterThan(fileTokens / 20);
  });

  it("pi: read's auto summary says the same one size", async () => {
    const pi = await openPiSession(project.root, faux);
    const call = (id: string, tool: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall(tool, args, { id }), { stopReason: "toolUse" });
    const [report, read, one] = await pi.prompt([
      call("c01", "module_report", { path: "src/big.ts", view: "json" }),
      call("c02", "read", { path: "src/big.ts" }),
      call("c03", "read_symbol", { path: "src/big.ts", symbol: "one" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    const fileTokens = Number(/"fileTokens":\s*(\d+)/.exec(report!.text)![1]);
    const summary = (read!.details as { summary: string }).summary;
    const m = SIZES.exec(summary);
    expect(m, summary).not.toBeNull();
    expect(Number(m![2])).toBe(fileTokens);
    expect(times(summary, fileTokens)).toBe(1);
    expect(one!.text.split("\n")[0]).toBe("read_symbol function one  src/big.ts:1-1 · 1 line");
    pi.session.dispose();
  });
});
