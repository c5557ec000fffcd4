/** Temp projects made of real source files for the graph tests, each with its own cache folder. */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Lens } from "../../core/engine.js";
import type { Entry, ModuleReport } from "../../core/types.js";
import type { ModuleReportOptions } from "../../core/engine.js";
import { flat } from "../helpers.js";

export function tempProject(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pilens-graph-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "tmp-project", private: true }));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** A cache folder of the test file's own (PILENS_CACHE_DIR while its tests run, restored after): its path. */
export function tempCache(): string {
  const cache = tempProject({});
  const saved = process.env.PILENS_CACHE_DIR;
  beforeAll(() => {
    process.env.PILENS_CACHE_DIR = cache;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.PILENS_CACHE_DIR;
    else process.env.PILENS_CACHE_DIR = saved;
  });
  return cache;
}

/** `symbol → who uses it` (symbols, or files for uses from other files) of each file's report, after one index. */
export async function usedBy(files: Record<string, string>): Promise<(file: string, symbol: string) => string[]> {
  const dir = tempProject(files);
  const lens = await Lens.create({ cwd: dir });
  await lens.index();
  const reports = new Map<string, Map<string, string[]>>();
  for (const f of Object.keys(files)) {
    const r = await lens.moduleReport(f, { detail: "full" });
    const uses = (v: Entry) => (v.usedBy ?? []).map((u) => (u.file === f ? u.symbol : u.file));
    const m = new Map([...flat(r)].map(([k, v]) => [k, uses(v)]));
    // (`name@line` too: a field and a method of one name.)
    const walk = (es: Entry[] | undefined, p: string) => es?.forEach((e) => (m.set(`${p}${e.name}@${e.startLine}`, uses(e)), walk(e.members, `${p}${e.name}.`)));
    walk(r.api, "");
    walk(r.internal, "");
    reports.set(f, m);
  }
  return (file, symbol) => reports.get(file)?.get(symbol) ?? [`no ${symbol} in ${file}`];
}

/** Each file's report (`options`: full detail by default) after one index of a temp project of `files`. */
export async function indexedReports(files: Record<string, string>, options: ModuleReportOptions = { detail: "full" }): Promise<Map<string, ModuleReport>> {
  const dir = tempProject(files);
  const lens = await Lens.create({ cwd: dir });
  await lens.index();
  const reports = new Map<string, ModuleReport>();
  for (const f of Object.keys(files)) reports.set(f, await lens.moduleReport(f, options));
  return reports;
}

/** `file → symbol → ["using file:using symbol confidence"]` after one index (a use in the file itself: `:symbol`); a missing symbol fails the test. */
export async function usesWithConfidence(files: Record<string, string>): Promise<(file: string, symbol: string) => string[]> {
  const reports = new Map([...(await indexedReports(files))].map(([f, r]) => [f, flat(r)]));
  return (file: string, symbol: string) => {
    const e = reports.get(file)?.get(symbol);
    expect(e, `${file} ${symbol}`).toBeDefined();
    return (e!.usedBy ?? []).map((u) => `${u.file === file ? "" : u.file}:${u.symbol} ${u.confidence}`).sort();
  };
}

export function copyTree(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
}

/** A small app: a string helper module, a barrel, a class using `this`, callers, a test file. */
export const APP: Record<string, string> = {
  "tsconfig.json": `{
  // comments are allowed here
  "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } },
}
`,
  ".gitignore": "generated/\n*.log\n",
  "src/lib/strings.ts": `/** Turn a title into a URL slug. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Cut text to max characters, adding an ellipsis. */
export function truncateText(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max - 1) + "…";
}

export function padLeft(s: string, width: number): string {
  return s.length >= width ? s : " ".repeat(width - s.length) + s;
}
`,
  "src/lib/index.ts": `export * from "./strings.js";
`,
  "src/blog/post-store.ts": `import { slugify } from "../lib/strings.js";

export interface Post {
  title: string;
  body: string;
}

export class PostStore {
  private readonly posts = new Map<string, Post>();

  add(post: Post): string {
    const key = this.keyFor(post);
    this.posts.set(key, post);
    return key;
  }

  keyFor(post: Post): string {
    return slugify(post.title);
  }

  get(key: string): Post | undefined {
    return this.posts.get(key);
  }
}
`,
  "src/blog/render.ts": `import { truncateText } from "@lib/strings";
import { PostStore, type Post } from "./post-store.js";

export function renderTeaser(post: Post): string {
  return \`<h2>\${post.title}</h2><p>\${truncateText(post.body, 140)}</p>\`;
}

export function renderAll(store: PostStore, keys: string[]): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const p = store.get(k);
    if (p) out.push(renderTeaser(p));
  }
  return out;
}
`,
  "src/main.ts": `import { PostStore } from "./blog/post-store.js";
import { renderAll } from "./blog/render.js";
import { padLeft } from "./lib/index.js";

const store = new PostStore();
const key = store.add({ title: "Hello World", body: "First post" });
for (const line of renderAll(store, [key])) console.log(padLeft(line, 20));
`,
  "test/strings.test.ts": `import { slugify } from "../src/lib/strings.js";

export function checkSlugify(): boolean {
  return slugify("A B") === "a-b";
}
`,
  "generated/big.ts": `export function slugifyGenerated(): void {}
`,
};
