/**
 * An MCP server stuck in a third-party pack's endless loop (robustness round, session 48), through the
 * SDK's own client and through a client process that dies: the stuck call is said on stderr with its
 * tool and file, and a server whose client is gone exits — it had spun at 100% CPU for ever, re-parented
 * to init.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { repoRoot, serverEnv } from "../helpers.js";

const bin = join(repoRoot, "bin", "pilens.cjs");
const PHP = "<?php\nfunction f($a) { return $a; }\n";
const PACK = `export default {
  meta: { name: "loops", version: "1" },
  languages: [{ id: "php-x", extensions: [".php"], grammar: "php", queries: { tags: "(function_definition name: (name) @name) @definition.function" } }],
  apply(hooks) {
    hooks.extract.for("php-x").tap("loops", (rs, ctx) => { if (ctx.relPath === "hang.php") for (;;) {} return rs; });
  },
};
`;

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "pilens-stuck-"));
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "pack"));
  writeFileSync(join(root, "pack", "index.mjs"), PACK);
  writeFileSync(join(root, ".pilensrc.json"), JSON.stringify({ packs: ["./pack/index.mjs"], ignore: ["hang.php"] }));
  writeFileSync(join(root, "hang.php"), PHP);
  writeFileSync(join(root, "ok.php"), PHP);
  return root;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (ok: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end && !ok(); ) await new Promise((r) => setTimeout(r, 100));
  return ok();
};
const started: number[] = [];
afterAll(() => {
  for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
});

describe("MCP server: a call stuck in a pack's endless loop", () => {
  it("is said on stderr after the stuck time, naming the tool and the file", async () => {
    const root = project();
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp", "--cwd", root], env: serverEnv({ PILENS_CACHE_DIR: join(root, ".cache"), PILENS_STUCK_MS: "1500" }), stderr: "pipe" });
    let err = "";
    const client = new Client({ name: "stuck-test", version: "1.0.0" });
    await client.connect(transport);
    transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    started.push(transport.pid!);
    const ok = await client.callTool({ name: "pilens_module_report", arguments: { file: "ok.php" } });
    expect(ok.isError).toBeFalsy();
    await new Promise((r) => setTimeout(r, 1200)); // (the watchdog watches from 1 s after the start)
    void client.callTool({ name: "pilens_module_report", arguments: { file: "hang.php" } }).catch(() => undefined);
    expect(await until(() => /stuck \d+ s/.test(err), 15_000), err).toBe(true);
    expect(err).toMatch(/pilens mcp: stuck \d+ s \(last call started: pilens_module_report \(hang\.php\)\) — a language pack in an endless loop\?/);
    await client.close();
  }, 30_000);

  it("ends when its client process dies (re-parented), saying so", async () => {
    const root = project();
    const errFile = join(root, "server.err");
    // A client that starts the server, sends a call that never returns and dies without ending it.
    const client = `
      const { spawn } = require("node:child_process");
      const { openSync } = require("node:fs");
      const s = spawn(process.execPath, [${JSON.stringify(bin)}, "mcp", "--cwd", ${JSON.stringify(root)}], { stdio: ["pipe", "pipe", openSync(${JSON.stringify(errFile)}, "w")] });
      const send = (o) => s.stdin.write(JSON.stringify(o) + "\\n");
      send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "dies", version: "1" } } });
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      console.log(s.pid);
      // (Once it answered initialize; the watchdog watches from 1 s after the start.)
      s.stdout.once("data", () => setTimeout(() => {
        send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "pilens_module_report", arguments: { file: "hang.php" } } });
        setTimeout(() => process.exit(0), 800);
      }, 1200));
    `;
    const parent = spawn(process.execPath, ["-e", client], { env: serverEnv({ PILENS_CACHE_DIR: join(root, ".cache") }), stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    parent.stdout.on("data", (d: Buffer) => (out += d.toString()));
    await new Promise((r) => parent.once("exit", r));
    const pid = Number(out.trim());
    expect(pid).toBeGreaterThan(0);
    started.push(pid);
    expect(await until(() => !alive(pid), 10_000), "the orphaned server still runs").toBe(true);
    expect(readFileSync(errFile, "utf8")).toMatch(/pilens mcp: the client is gone and the server has been stuck \d+ s \(last call started: pilens_module_report \(hang\.php\)\) — exiting/);
  }, 30_000);
});
