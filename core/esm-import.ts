/**
 * `import()` of a module outside pilens: a `.pilensrc` pack or renderer. The CLI runs its bundle as
 * CommonJS scripts compiled with a V8 code cache (hosts/cli/bundle-loader.ts), and a script compiled
 * that way has no module loader for `import()` to call (Node 20 offers one only behind a flag or an
 * experimental constant); the bundle loader hands in its own `import` instead. Everywhere else (dist/
 * run directly, pi, tests) this is plain `import()`.
 */
const IMPORTER = Symbol.for("pilens.import");

type Importer = (specifier: string) => Promise<unknown>;

/** Set by the bundle loader, before the bundle runs. */
export function setImporter(importer: Importer): void {
  (globalThis as Record<symbol, unknown>)[IMPORTER] = importer;
}

export function importExternal(specifier: string): Promise<unknown> {
  const importer = (globalThis as Record<symbol, unknown>)[IMPORTER] as Importer | undefined;
  return importer ? importer(specifier) : import(specifier);
}
