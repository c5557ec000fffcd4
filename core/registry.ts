/**
 * Language registry: extension/filename → pack manifest (eager), pack code + grammar + queries (lazy).
 * Loading a pack taps the core's generic passes for its languages first (STAGE.CORE), then calls the
 * pack's `apply`. A pack that fails to load or apply is isolated: its files get an error (or the
 * generic pack, when one is registered), other packs are unaffected.
 */
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Language } from "web-tree-sitter";
import { asTrusted, type Hooks } from "./hooks.js";
import type { LanguagePack, LanguageSpec, PackManifest, QuerySource } from "./plugin.js";
import { loadLanguage } from "./runtime.js";
import { QuerySet } from "./query-set.js";
import { tapCore } from "./core-taps.js";
import { queryCheck, sourceName, specWarnings } from "./pack-checks.js";
import { builtinPacks } from "../language-packs/index.js";

export interface LoadedLanguage {
  spec: LanguageSpec;
  pack: LanguagePack;
  packId: string;
  language: Language;
  /** All the language's queries, compiled as one. */
  queries: QuerySet;
  /** What pack-checks.ts found wrong with the pack's shape (unknown keys, no tags query): each report's warnings. */
  warnings: string[];
}

export class Registry {
  private readonly byExt = new Map<string, { manifest: PackManifest; language: string }>();
  private readonly byName = new Map<string, { manifest: PackManifest; language: string }>();
  private readonly packs = new Map<string, Promise<LanguagePack>>();
  private readonly loaded = new Map<string, Promise<LoadedLanguage>>();
  readonly manifests: PackManifest[] = [];
  /** Warnings from packs that failed, surfaced in reports of the files they would have served. */
  readonly failures = new Map<string, string>();
  /**
   * Built-in packs are trusted: their taps run unguarded and their shapes and queries go unchecked
   * (pack-checks.ts, hook-guards.ts — for third-party authors; test/pack-errors.test.ts turns this off
   * to run those checks on every built-in language and fixture).
   */
  trustBuiltins = true;

  constructor(
    private readonly hooks: Hooks,
    private readonly optionsFor: (language: string, pack: LanguagePack) => Record<string, unknown>,
  ) {}

  /**
   * Register a pack; later registrations win for the extensions they claim — but a language with a
   * `detect` claims an extension another language has only by content (lookupAll): the plain lookup,
   * which reads no source, keeps the other (`.h` stays C, though objc claims an ObjC header).
   */
  add(manifest: PackManifest): void {
    this.manifests.push(manifest);
    for (const l of manifest.languages) {
      for (const e of l.extensions) if (!(l.detect && this.byExt.has(e.toLowerCase()))) this.byExt.set(e.toLowerCase(), { manifest, language: l.id });
      for (const f of l.filenames ?? []) this.byName.set(f, { manifest, language: l.id });
    }
  }

  /** Which pack and language serve a path, without loading anything. */
  lookup(path: string): { manifest: PackManifest; language: string } | undefined {
    return this.byName.get(basename(path)) ?? this.byExt.get(extname(path).toLowerCase());
  }

  /**
   * Every pack that claims a path, best first: exact file names, then extensions, the latest
   * registration first. The engine falls back along this list when a pack fails to load or analyse.
   * With `source`, languages whose `detect` claims the file move to the front and those that defer
   * (`false`) to the back (`.h` → C or C++ by content); a file without an extension that no file name
   * claims goes to the languages whose `detect` claims it.
   */
  lookupAll(path: string, source?: string): { manifest: PackManifest; language: string }[] {
    const name = basename(path);
    const ext = extname(path).toLowerCase();
    const out: { manifest: PackManifest; language: string }[] = [];
    for (const m of [...this.manifests].reverse()) {
      for (const l of m.languages) if (l.filenames?.includes(name)) out.push({ manifest: m, language: l.id });
    }
    for (const m of [...this.manifests].reverse()) {
      for (const l of m.languages) if (ext && l.extensions.some((e) => e.toLowerCase() === ext)) out.push({ manifest: m, language: l.id });
    }
    // A file without an extension is claimed only by content: a language whose `detect` says so
    // (libstdc++'s `<vector>`, opened by a `-*- C++ -*-` mode line).
    if (!ext && !out.length && source !== undefined) {
      for (const m of [...this.manifests].reverse()) {
        for (const l of m.languages) if (l.detect?.(source, path) === true) out.push({ manifest: m, language: l.id });
      }
    }
    const unique = out.filter((c, i) => out.findIndex((o) => o.manifest === c.manifest && o.language === c.language) === i);
    if (source === undefined) return unique;
    const rank = (c: { manifest: PackManifest; language: string }) => {
      const verdict = c.manifest.languages.find((l) => l.id === c.language)?.detect?.(source, path);
      return verdict === true ? 0 : verdict === false ? 2 : 1;
    };
    return unique.map((c) => ({ c, r: rank(c) })).sort((a, b) => a.r - b.r).map((x) => x.c);
  }

  /** A pack's options for one language: its defaults merged with `.pilensrc` `languages.<id>`. */
  optionsOf(language: string, pack: LanguagePack): Record<string, unknown> {
    return this.optionsFor(language, pack);
  }

  /** Every registered language id, in registration order. */
  languageIds(): string[] {
    return [...new Set(this.manifests.flatMap((m) => m.languages.map((l) => l.id)))];
  }

  /**
   * The language id a user means: an id (any case), or a file extension with or without its dot
   * (`ts` → typescript, `.py` → python, `rs` → rust) — what people type for a language filter.
   */
  languageNamed(name: string): string | undefined {
    const ids = this.languageIds();
    const lower = name.trim().toLowerCase();
    return ids.find((l) => l === name) ?? ids.find((l) => l.toLowerCase() === lower) ?? this.byExt.get(lower.startsWith(".") ? lower : `.${lower}`)?.language;
  }

  extensions(): string[] {
    return [...this.byExt.keys()].sort();
  }

  private trusts(manifest: PackManifest): boolean {
    return this.trustBuiltins && builtinPacks.includes(manifest);
  }

  private loadPack(manifest: PackManifest): Promise<LanguagePack> {
    let p = this.packs.get(manifest.id);
    if (!p) {
      const trust = this.trusts(manifest);
      p = manifest.load().then((pack) => {
        asTrusted(() => {
          for (const spec of pack.languages) tapCore(this.hooks, spec);
        });
        const apply = () => pack.apply?.(this.hooks, { options: (language) => this.optionsFor(language, pack) });
        if (trust) asTrusted(apply);
        else apply();
        return pack;
      });
      this.packs.set(manifest.id, p);
    }
    return p;
  }

  /** Load the pack, grammar and compiled queries for a language (cached). */
  load(manifest: PackManifest, languageId: string): Promise<LoadedLanguage> {
    const key = `${manifest.id}\u0000${languageId}`;
    let p = this.loaded.get(key);
    if (!p) {
      const trust = this.trusts(manifest);
      p = (async () => {
        const pack = await this.loadPack(manifest);
        const spec = pack.languages.find((l) => l.id === languageId);
        if (!spec) throw new Error(`pack ${manifest.id} declares no language ${languageId}`);
        const language = await loadLanguage(spec.grammar);
        const parts = await Promise.all(
          Object.entries(spec.queries ?? {}).filter(([, src]) => src).map(async ([name, src]) => ({ name, ...(await querySource(src!)) })),
        );
        const queries = new QuerySet(language, parts, (name, message) => {
          throw new Error(`pack ${manifest.id}: ${languageId} query "${name}" does not compile: ${message}`);
        }, trust ? undefined : queryCheck(manifest.id, languageId));
        return { spec, pack, packId: manifest.id, language, queries, warnings: trust ? [] : specWarnings(manifest.id, pack, spec, this.hooks) };
      })();
      this.loaded.set(key, p);
      p.catch((e) => this.failures.set(key, String((e as Error).message ?? e)));
    }
    return p;
  }
}

/** A query's text and where its pieces came from (a compile error or a warning names the `.scm` file). */
async function querySource(src: QuerySource | QuerySource[]): Promise<{ text: string; sources: { file?: string; text: string }[] }> {
  const parts = Array.isArray(src) ? src : [src];
  // Read synchronously: a few small files, and node:fs/promises (with the readline and stream modules it
  // loads) stays off a one-file report's start (~2 ms).
  const sources = parts.map((s) => (s instanceof URL ? { file: sourceName(s), text: readFileSync(fileURLToPath(s), "utf8") } : { text: s }));
  return { text: sources.map((s) => s.text).join("\n"), sources };
}
