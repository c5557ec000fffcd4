/**
 * `#include` resolution. `#include "x"`: relative to the including file, then to each folder above it up to the
 * project root and their `include/` (a CMake project's `googletest/include`, found from `googletest/src/gtest.cc`),
 * then the `include/` of the root's own folders (googlemock's headers include `"gtest/gtest.h"` from the sibling
 * `googletest/include`). `#include <x>` is the same search without the including file's folder, and stays external
 * when no project file answers it (`<vector>`, `<stdio.h>`); one that does is the project's own header — libstdc++'s
 * `<bits/shared_ptr_base.h>`, Boost's `<boost/config.hpp>` inside Boost —, resolved and internal.
 */
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { FileContext, ImportRecord } from "../../core/types.js";
import { toRel } from "../../core/imports.js";
import { isDir as isFolder, isFile } from "../../core/files.js";

/** Folder facts for a few seconds (an index asks the same ones for every file): is it a folder, its sub-folders holding `include/`. */
const TTL_MS = 10_000;
const dirFacts = new Map<string, { at: number; value: boolean | string[] }>();

function cached<T extends boolean | string[]>(key: string, make: () => T): T {
  const now = Date.now();
  const hit = dirFacts.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as T;
  const value = make();
  if (dirFacts.size > 5000) dirFacts.clear();
  dirFacts.set(key, { at: now, value });
  return value;
}

function isDir(p: string): boolean {
  return cached(`d:${p}`, () => isFolder(p));
}

/** The `include/` folders of the root's own folders (`googletest/include`, `googlemock/include`). */
function childIncludes(root: string): string[] {
  return cached(`c:${root}`, () => {
    try {
      return readdirSync(root, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith(".") && d.name !== "node_modules")
        .map((d) => join(root, d.name, "include"))
        .filter(isDir);
    } catch {
      return [];
    }
  });
}

/** The folders an include is looked up in, in order. */
function bases(ctx: FileContext, quoted: boolean): string[] {
  const out: string[] = quoted ? [dirname(ctx.path)] : [];
  for (let d = dirname(ctx.path); ; d = dirname(d)) {
    if (d !== dirname(ctx.path)) out.push(d);
    const inc = join(d, "include");
    if (isDir(inc)) out.push(inc);
    if (d === ctx.root || dirname(d) === d || !d.startsWith(ctx.root)) break;
  }
  // (`src/`: a project whose sources include each other from the root's `src/`.)
  const src = join(ctx.root, "src");
  if (isDir(src)) out.push(src);
  out.push(...childIncludes(ctx.root));
  return [...new Set(out)];
}

export function resolveIncludes(imports: ImportRecord[], ctx: FileContext): ImportRecord[] {
  for (const i of imports) {
    const quoted = !i.external;
    for (const base of bases(ctx, quoted)) {
      const p = resolve(base, i.source);
      if (isFile(p) && p.startsWith(ctx.root)) {
        i.resolved = toRel(ctx.root, p);
        i.external = false;
        break;
      }
    }
  }
  return imports;
}
