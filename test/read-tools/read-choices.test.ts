/**
 * Which symbol a name reads, on real parsed files (usability QA round U): an implementation before a
 * type's bodiless member, a name spelled exactly before a `#private` one, a constant with the statements
 * right after it that set it up, a name that differs only in case from one symbol, an imported name.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { cliHints } from "../../hosts/cli/hints.js";

async function project(files: Record<string, string>): Promise<Lens> {
  const dir = mkdtempSync(join(tmpdir(), "pilens-choices-"));
  mkdirSync(join(dir, ".git"));
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(dir, rel), text);
  return Lens.create({ cwd: dir, root: dir });
}

const lines = (...l: string[]) => l.join("\n") + "\n";

describe("an implementation before a type's member of the same name", () => {
  const codec = lines(
    "export interface CodecType {",
    "  /** Try to encode; null when no extension matches. */",
    "  tryToEncode(object: unknown): Uint8Array | null;",
    "}",
    "",
    "export class Codec implements CodecType {",
    "  public tryToEncode(object: unknown): Uint8Array | null {",
    "    if (object instanceof Uint8Array) {",
    "      return object;",
    "    }",
    "    return null;",
    "  }",
    "}",
  );
  const props = lines(
    "type Props = {",
    "  /** Called when the value changes. */",
    "  onChange?: (value: string) => void;",
    "};",
    "",
    "export function Field(props: Props) {",
    "  const onChange = (value: string) => {",
    "    props.onChange?.(value.trim());",
    "  };",
    "  return <input onChange={(e) => onChange(e.target.value)} />;",
    "}",
  );

  it("a bare name reads the class's method, not the interface's signature, and lists the signature among the others", async () => {
    const lens = await project({ "codec.ts": codec });
    const r = await lens.readSymbol("codec.ts", "tryToEncode");
    expect(r).toMatchObject({ found: true, name: "Codec.tryToEncode", kind: "method", startLine: 7, endLine: 12 });
    expect(r.source).toMatch(/return null;/);
    expect(r.ambiguous?.count).toBe(2);
    expect(r.note).toMatch(/the implementation/);
    expect(r.note).toMatch(/others: CodecType\.tryToEncode@3 \(method 3-3\)/);
    // Asked for by its qualified name, the signature is still read.
    const sig = await lens.readSymbol("codec.ts", "CodecType.tryToEncode");
    expect(sig).toMatchObject({ found: true, name: "CodecType.tryToEncode", startLine: 2, endLine: 3 });
  });

  it("a bare name reads the function, not a props type's property", async () => {
    const lens = await project({ "props.tsx": props });
    const r = await lens.readSymbol("props.tsx", "onChange");
    expect(r).toMatchObject({ found: true, name: "Field.onChange", kind: "function", startLine: 7, endLine: 9 });
    expect(r.note).toMatch(/others: Props\.onChange@3 \(property 3-3\)/);
    expect((await lens.readSymbol("props.tsx", "onChange", { kind: "property" })).name).toBe("Props.onChange");
  });

  it("a type's member still reads when nothing else has the name", async () => {
    const lens = await project({ "codec.ts": lines("export interface Only {", "  run(): void;", "}") });
    const r = await lens.readSymbol("codec.ts", "run");
    expect(r).toMatchObject({ found: true, name: "Only.run", startLine: 2, endLine: 2 });
    expect(r.ambiguous).toBeUndefined();
  });
});

describe("a name spelled exactly before a #private member", () => {
  it("TS: bare `signingKey` reads the getter; `#signingKey` the private field", async () => {
    const lens = await project({
      "wallet.ts": lines(
        "export class Wallet {",
        "  readonly #signingKey: string;",
        "",
        "  constructor(key: string) {",
        "    this.#signingKey = key;",
        "  }",
        "",
        "  /** The key used for signing payloads. */",
        "  get signingKey(): string { return this.#signingKey; }",
        "}",
      ),
    });
    const r = await lens.readSymbol("wallet.ts", "signingKey");
    expect(r).toMatchObject({ found: true, name: "Wallet.signingKey", kind: "method", startLine: 8, endLine: 9 });
    expect(r.note).toMatch(/the public one \(ask for #signingKey for the private one\)/);
    const priv = await lens.readSymbol("wallet.ts", "#signingKey");
    expect(priv).toMatchObject({ found: true, name: "Wallet.#signingKey", startLine: 2 });
    const qualified = await lens.readSymbol("wallet.ts", "Wallet.#signingKey");
    expect(qualified).toMatchObject({ found: true, name: "Wallet.#signingKey", startLine: 2 });
  });
});

describe("a constant's read runs on through the statements right after it that set it up", () => {
  const defaults = lines(
    "const allViews = ['century', 'decade', 'year', 'month'] as const;",
    "",
    "const defaultMinDate = new Date();",
    "defaultMinDate.setFullYear(1, 0, 1);",
    "defaultMinDate.setHours(0, 0, 0, 0);",
    "const defaultMaxDate = new Date(8.64e15);",
    "",
    "const options = { retries: 3 };",
    "options.retries = 5;",
    "options['backoff'] = {",
    "  factor: 2,",
    "};",
    "",
    "export function clamp(d: Date, min = defaultMinDate, max = defaultMaxDate): Date {",
    "  return d < min ? min : d > max ? max : d;",
    "}",
  );

  it("method calls on it and assignments to its members are part of its read, said in the note", async () => {
    const lens = await project({ "defaults.ts": defaults });
    const min = await lens.readSymbol("defaults.ts", "defaultMinDate");
    expect(min).toMatchObject({ found: true, kind: "constant", startLine: 3, endLine: 5 });
    expect(min.source).toBe("const defaultMinDate = new Date();\ndefaultMinDate.setFullYear(1, 0, 1);\ndefaultMinDate.setHours(0, 0, 0, 0);");
    expect(min.note).toMatch(/with the statements after it that set it up \(lines 4-5\)/);
    const options = await lens.readSymbol("defaults.ts", "options");
    expect(options).toMatchObject({ found: true, startLine: 8, endLine: 12 });
    expect(options.source).toMatch(/options\['backoff'\] = \{\n {2}factor: 2,\n\};$/);
    // Nothing follows: as before, no note.
    const max = await lens.readSymbol("defaults.ts", "defaultMaxDate");
    expect(max).toMatchObject({ found: true, startLine: 6, endLine: 6 });
    expect(max.note).toBeUndefined();
  });

  it("stops at a statement that is an entry of its own (a prototype method, a member function); a function's read is unchanged", async () => {
    const lens = await project({
      "shapes.js": lines(
        "var api = {};",
        "api.retries = 3;",
        "api.get = function (url) { return url; };",
        "api.timeout = 10;",
        "",
        "function Foo() {}",
        "Foo.defaults = { a: 1 };",
        "Foo.prototype.bar = function () { return 1; };",
        "",
        "const cache = new Map();",
        "// seeded",
        "cache.set('a', 1);",
        "",
        "module.exports = { api, cache, Foo };",
      ),
    });
    const api = await lens.readSymbol("shapes.js", "api");
    expect(api).toMatchObject({ found: true, startLine: 1, endLine: 2 });
    expect((await lens.readSymbol("shapes.js", "api.get")).startLine).toBe(3);
    const foo = await lens.readSymbol("shapes.js", "Foo");
    expect(foo).toMatchObject({ found: true, kind: "function", startLine: 6, endLine: 6 });
    const cache = await lens.readSymbol("shapes.js", "cache");
    expect(cache).toMatchObject({ found: true, startLine: 10, endLine: 12 });
  });

  it("a module binding the outline does not list (Python) reads on the same way", async () => {
    const lens = await project({
      "app.py": lines("from flask import Flask", "", "app = Flask(__name__)", "app.config['SECRET'] = 'x'", "app.register_blueprint(", "    bp,", ")", "", "@app.route('/')", "def index():", "    return 'hi'"),
    });
    const r = await lens.readSymbol("app.py", "app");
    expect(r).toMatchObject({ found: true, startLine: 3, endLine: 7 });
    expect(r.note).toMatch(/set it up \(lines 4-7\)/);
  });
});

describe("more setup than a read holds", () => {
  it("the statements past MAX_SETUP_LINES are named, not read", async () => {
    const sets = Array.from({ length: 60 }, (_, i) => `codes.set(${i}, "C${i}");`);
    const lens = await project({ "codes.ts": lines("export const codes = new Map<number, string>();", ...sets, "export const after = 1;") });
    const r = await lens.readSymbol("codes.ts", "codes");
    expect(r).toMatchObject({ found: true, startLine: 1, endLine: 41 });
    expect(r.note).toBe("with the statements after it that set it up (lines 2-41); more that set it up follow at lines 42-61, not shown: read them with view offset/limit");
  });
});

describe("a name that differs only in case", () => {
  const version = lines(
    "export class Version {",
    "  incrementVersion(latest) {",
    "    return latest + 1;",
    "  }",
    "  getIncrementedVersion(o) {",
    "    return this.incrementVersion(o);",
    "  }",
    "}",
    "export function parse(s) { return s; }",
    "export class Parse {}",
  );

  it("reads the one symbol it matches ignoring case, saying so", async () => {
    const lens = await project({ "Version.js": version });
    for (const q of ["Version.incrementversion", "INCREMENTVERSION", "version.IncrementVersion"]) {
      const r = await lens.readSymbol("Version.js", q);
      expect(r, q).toMatchObject({ found: true, name: "Version.incrementVersion", kind: "method", startLine: 2, endLine: 4 });
      expect(r.note, q).toBe(`no ${q} in Version.js; showing Version.incrementVersion, the one symbol whose name is it but for case`);
    }
  });

  it("stays a miss when several symbols match it ignoring case", async () => {
    const lens = await project({ "Version.js": version });
    const r = await lens.readSymbol("Version.js", "PARSE");
    expect(r.found).toBe(false);
    expect(r.suggestions).toEqual(expect.arrayContaining(["parse", "Parse"]));
    // Spelled exactly, each is read as before.
    expect((await lens.readSymbol("Version.js", "Parse")).kind).toBe("class");
  });
});

describe("an imported name", () => {
  it("a miss says in one line where it is imported from and how to read it there", async () => {
    const lens = await project({
      "git.js": lines("import { e } from './util.js';", "import { join as joinPath } from './paths.js';", "import { readFile } from 'node:fs';", "", "export function requireClean(isClean) {", "  if (!isClean) throw e('Working dir must be clean.');", "}"),
      "util.js": lines("/** Build an Error that carries a docs link. */", "export const e = (message) => {", "  return new Error(message);", "};"),
      "paths.js": lines("export function join(a, b) {", "  return a + '/' + b;", "}"),
    });
    const r = await lens.readSymbol("git.js", "e");
    expect(r.found).toBe(false);
    expect(r.note).toBe("e is imported at line 1 from ./util.js — read it in util.js (CLI: pilens read util.js e)");
    expect(cliHints(r.note!, "git.js")).toBe("e is imported at line 1 from ./util.js — read it with pilens read util.js e");
    // Imported under another name: read by the name its module declares.
    expect((await lens.readSymbol("git.js", "joinPath")).note).toBe("joinPath is imported at line 2 from ./paths.js (as join there) — read join in paths.js (CLI: pilens read paths.js join)");
    expect((await lens.readSymbol("git.js", "readFile")).note).toBe("readFile is imported at line 3 from node:fs (outside the project)");
  });

  it("with the project graph, the line also says where it is defined", async () => {
    const lens = await project({
      "git.js": lines("import { e } from './index.js';", "export const clean = () => e('x');"),
      "index.js": lines("export { e } from './util.js';"),
      "util.js": lines("export const e = (message) => {", "  return new Error(message);", "};"),
    });
    await lens.index();
    const r = await lens.readSymbol("git.js", "e");
    expect(r.note).toBe("e is imported at line 1 from ./index.js, defined in util.js:1-3 — read it in util.js (CLI: pilens read util.js e)");
  });

  it("a re-export read: its line, and where the name is defined and how to read it there (immer's enablePatches: QA round 44)", async () => {
    const lens = await project({
      "index.ts": lines("export { helper } from './util';", "export {", "  other,", "  helper as alias,", "} from './more';", "export const local = 1;"),
      "util.ts": lines("/** Help. */", "export function helper(a: number): number {", "  return a;", "}"),
      "more.ts": lines("export function other() {}", "export function helper() {}"),
    });
    const r = await lens.readSymbol("index.ts", "helper");
    expect([r.found, r.startLine, r.source]).toEqual([true, 1, "export { helper } from './util';"]);
    expect(r.note).toBe("helper is re-exported at line 1 from ./util — read it in util.ts (CLI: pilens read util.ts helper)");
    // Renamed on the way out: read by the name its module declares.
    expect((await lens.readSymbol("index.ts", "alias")).note).toBe("alias is re-exported at line 4 from ./more (as helper there) — read helper in more.ts (CLI: pilens read more.ts helper)");
    // With the graph, where it is defined.
    await lens.index();
    expect((await lens.readSymbol("index.ts", "helper")).note).toBe("helper is re-exported at line 1 from ./util, defined in util.ts:2-4 — read it in util.ts (CLI: pilens read util.ts helper)");
    // A declaration of the file's own: no such note.
    expect((await lens.readSymbol("index.ts", "local")).note).toBeUndefined();
  });
});
