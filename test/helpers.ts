/** Shared test helpers: one Lens per test file, fixtures by path. */
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { Lens } from "../core/engine.js";
import type { Entry, ModuleReport } from "../core/types.js";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
export const fixtures = join(repoRoot, "test", "fixtures");

/**
 * The environment of a server the tests start through the MCP SDK. Its StdioClientTransport passes on
 * only HOME, PATH and a few others unless told, so the server would build its project graphs in the
 * developer's ~/.cache/pilens and its temporary files in /tmp instead of in the run's folder
 * (XDG_CACHE_HOME and TMPDIR, set by global-setup.ts).
 */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return { ...env, ...extra };
}

export function lensAt(cwd = repoRoot): Promise<Lens> {
  return Lens.create({ cwd });
}

/** Every entry of a report, members included, as `Outer.inner` → entry. */
export function flat(report: ModuleReport): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const go = (entries: Entry[] | undefined, prefix: string) => {
    for (const e of entries ?? []) {
      const key = prefix ? `${prefix}.${e.name}` : e.name;
      if (!out.has(key)) out.set(key, e);
      go(e.members, key);
    }
  };
  go(report.api, "");
  go(report.internal, "");
  return out;
}

/**
 * The names the summary view lists: every top-level entry, and — for a type container holding half the
 * file or more (a Java class, a header's namespace) — its members as `Container.member`, down through such
 * containers. Written out here, not taken from the renderer, so a test can hold the renderer to it.
 */
export function summaryNames(r: ModuleReport): string[] {
  const types = new Set(["class", "struct", "interface", "trait", "enum", "type", "object", "protocol", "extension", "impl", "module", "namespace"]);
  const lines = r.lineCount ?? 0;
  const go = (e: Entry, prefix: string): string[] => {
    const name = prefix + e.name;
    const inner = e.members?.length && types.has(e.kind) && (e.endLine - e.startLine + 1) * 2 >= lines ? e.members : [];
    return [name, ...inner.flatMap((m) => go(m, `${name}.`))];
  };
  return [...(r.api ?? []), ...(r.internal ?? [])].flatMap((e) => go(e, ""));
}

/** One file of `src` in a fresh folder, reported by a lens there. */
export async function inlineReport(name: string, src: string): Promise<ModuleReport> {
  const dir = mkdtempSync(join(tmpdir(), "pilens-inline-"));
  writeFileSync(join(dir, name), src);
  return (await lensAt(dir)).moduleReport(join(dir, name));
}

/** The entry at a dotted key (`Outer.member`), or an error naming the keys there are. */
export function entryAt(r: ModuleReport, key: string): Entry {
  const e = flat(r).get(key);
  if (!e) throw new Error(`no entry ${key}; have ${[...flat(r).keys()].join(", ")}`);
  return e;
}

/** Every entry as `kind dotted.name start-end`, depth-first, top level in line order. */
export function rows(r: ModuleReport): string[] {
  const out: string[] = [];
  const go = (es: Entry[] | undefined, prefix: string) => {
    for (const e of es ?? []) {
      out.push(`${e.kind} ${prefix}${e.name} ${e.startLine}-${e.endLine}`);
      go(e.members, `${prefix}${e.name}.`);
    }
  };
  go([...r.api, ...r.internal].sort((a, b) => a.startLine - b.startLine), "");
  return out;
}

/**
 * A temp project (a package.json) with a Lens on it, and a writer of its files from lines (joined by
 * `\n`, a final one added): the half-typed-edit tests' setup.
 */
export async function linesProject(prefix: string): Promise<{ lens: Lens; file: (name: string, lines: string[]) => string }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, "package.json"), "{}");
  const lens = await Lens.create({ cwd: dir });
  const file = (name: string, lines: string[]) => {
    const p = join(dir, name);
    writeFileSync(p, lines.join("\n") + "\n");
    return p;
  };
  return { lens, file };
}

/** A report's syntax-error warnings. */
export const syntaxNotes = (w: string[] | undefined) => (w ?? []).filter((x) => /syntax error/.test(x));
