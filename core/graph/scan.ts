/**
 * The files of a project the graph indexes: every file a language pack claims, minus .gitignore'd
 * paths, dot-folders, node_modules, vendor and build output (dist, build, out and their variants,
 * isBuildDir); capped at `maxFiles` (the rest counted). A project with no source outside its build
 * folders (a package unpacked from npm) has those indexed instead.
 */
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { isIgnored, parseGitignore, type IgnoreRule } from "./gitignore.js";
import { shownPath } from "../text.js";

/** Folders a capped scan reaches last (search.ts demotes their files the same way). */
const SECONDARY = /(?:^|\/)(?:tests?|__tests__|__mocks__|specs?|testdata|fixtures?|examples?|samples?|docs?|benchmarks?|third_party|generated|gen)$/i;

export const SKIP_DIRS = new Set(["node_modules", "vendor", "dist", "build", "out", "target", "__pycache__", "coverage", "bower_components"]);

export interface ScannedFile {
  rel: string;
  abs: string;
  m: number;
  s: number;
}

export interface ScanResult {
  files: ScannedFile[];
  overCap: number;
  /** The build folders indexed because the project has no source outside them (a published package). */
  builtOnly?: string[];
  /** Folders that could not be listed (EACCES…), root-relative ("." for the root), with the error code: their files are not in the graph. */
  unreadable?: string[];
}

/**
 * Build output folders, read only when nothing else holds source (a package unpacked from npm is all
 * `dist/`): dist, build, out, and the compiled copies packages ship beside their source — `lib.esm`,
 * `lib.commonjs` (ethers, next to `src.ts`), `dist.cjs`, `dist-esm`, `_esm`/`_cjs`, `esm`, `cjs`, `umd`. Each
 * had been indexed as source: search ranked ethers' `lib.commonjs/utils/units.js` above
 * `src.ts/utils/units.ts`, and usedBy linked into the copies. (`lib` itself is source in many packages:
 * build output only beside a `src/` when its files carry source maps, looksCompiled.)
 */
export function isBuildDir(name: string): boolean {
  return BUILD_DIR.test(name);
}
const BUILD_DIR = /^(?:dist|build|out)$|^_?(?:dist|build|out|lib)[.\-_](?:esm|cjs|commonjs|umd|amd|es\d+|module|node|browser|types|mjs|min)$|^_?(?:esm|cjs|commonjs|umd|amd)$/i;

/** Folders that are source in many packages but a build's output in others: told apart by their files. */
const MAYBE_BUILT = /^(?:lib|es|es\d+|module|compiled)$/i;
const MAP_FILE = /\.(?:[cm]?jsx?|d\.[cm]?ts)\.map$/;

/**
 * A `lib/` beside `src/` whose files are a bundler's or compiler's output: source maps beside its scripts
 * (`handleRequest-FIQv5pwH.mjs` + `.mjs.map`: @mswjs/interceptors' lib/ had doubled its search rows and
 * made src/'s names ambiguous for usedBy), or `//# sourceMappingURL` at the end of its first scripts.
 * Looks at up to 400 entries, 3 folders deep.
 */
export function looksCompiled(dirAbs: string): boolean {
  const queue: [string, number][] = [[dirAbs, 0]];
  let seen = 0;
  let tails = 0;
  while (queue.length && seen < 400) {
    const [dir, depth] = queue.shift()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (++seen > 400) break;
      if (e.isDirectory()) {
        if (depth < 2 && !e.name.startsWith(".")) queue.push([join(dir, e.name), depth + 1]);
      } else if (MAP_FILE.test(e.name)) return true;
      // (A regular file only: a FIFO named x.js had blocked the index for ever, a link to /dev/zero read until memory ran out.)
      else if (tails < 3 && e.isFile() && /\.[cm]?js$/.test(e.name)) {
        tails++;
        if (/\/\/[#@] sourceMappingURL=/.test(tailOf(join(dir, e.name)))) return true;
      }
    }
  }
  return false;
}

/** A file's last 300 bytes as text (read alone: a bundle's megabytes were read whole for them). */
function tailOf(abs: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(abs, "r");
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(Math.min(300, size));
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, size - buf.length)).toString("utf8");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A folder the scan leaves out (build output: unless the project holds nothing else). */
export function isSkippedDir(name: string): boolean {
  return SKIP_DIRS.has(name) || isBuildDir(name);
}

export function scanProject(root: string, claims: (name: string) => boolean, maxFiles: number, ignore: string[] = []): ScanResult {
  const files: ScannedFile[] = [];
  const unreadable: string[] = [];
  let overCap = 0;
  // (Inside a build folder read as the project's code, its `cjs/`, `esm/` copies are read too.)
  const visit = (dirAbs: string, dirRel: string, rules: IgnoreRule[], inBuilt = false) => {
    let entries;
    try {
      entries = readdirSync(dirAbs, { withFileTypes: true });
    } catch (e) {
      // (Gone since its parent was listed: nothing to say. Unreadable: its files would vanish unsaid.)
      const code = (e as NodeJS.ErrnoException).code;
      // (Its name as text shows a path: a newline in it had split the warning.)
      if (code !== "ENOENT" && code !== "ENOTDIR") unreadable.push(`${shownPath(dirRel || ".")}: ${code ?? (e as Error).message}`);
      return;
    }
    const gi = entries.find((e) => e.name === ".gitignore" && e.isFile());
    if (gi) {
      try {
        rules = [...rules, ...parseGitignore(readFileSync(join(dirAbs, ".gitignore"), "utf8"), dirRel)];
      } catch {
        /* unreadable .gitignore: keep the parent rules */
      }
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // `src/` here: a `lib/` (`es/`, `module/`) beside it holding compiled files is build output too.
    const hasSrc = !inBuilt && entries.some((e) => e.name === "src" && e.isDirectory());
    const subdirs: [string, string][] = [];
    for (const e of entries) {
      const rel = dirRel ? `${dirRel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (e.name.startsWith(".") || isIgnored(rules, rel, true)) continue;
        if (!inBuilt && (isBuildDir(e.name) || (hasSrc && MAYBE_BUILT.test(e.name) && looksCompiled(join(dirAbs, e.name))))) {
          built.push([join(dirAbs, e.name), rel, rules]);
          continue;
        }
        if (SKIP_DIRS.has(e.name) && !isBuildDir(e.name)) continue;
        subdirs.push([join(dirAbs, e.name), rel]);
      } else if (e.isFile() || e.isSymbolicLink()) {
        if (!claims(e.name) || isIgnored(rules, rel, false)) continue;
        if (files.length >= maxFiles) {
          overCap++;
          continue;
        }
        const abs = join(dirAbs, e.name);
        try {
          const st = statSync(abs);
          if (!st.isFile()) continue;
          if (e.isSymbolicLink()) links.push(files.length);
          files.push({ rel, abs, m: st.mtimeMs, s: st.size });
        } catch {
          /* vanished or dangling link */
        }
      }
    }
    // Files of a folder before its subfolders, and its tests, examples, docs and fixtures after its other
    // subfolders: a capped scan keeps the shallow, central files (60 generated files under examples/ had
    // filled a cap of 50 and left src/ out).
    subdirs.sort((a, b) => Number(SECONDARY.test(a[1])) - Number(SECONDARY.test(b[1])));
    for (const [abs, rel] of subdirs) visit(abs, rel, rules, inBuilt);
  };
  const built: [string, string, IgnoreRule[]][] = [];
  const links: number[] = [];
  visit(root, "", parseGitignore(ignore.join("\n"), ""));
  dropLinksToScanned(root, files, links);
  // No source outside the build folders: those are the project's code (`dist/` of a published package).
  if (!files.length && built.length) {
    for (const [abs, rel, rules] of built) visit(abs, rel, rules, true);
    dropLinksToScanned(root, files, links);
    if (files.length) return { files, overCap, builtOnly: built.map(([, rel]) => rel), ...(unreadable.length ? { unreadable } : {}) };
  }
  return unreadable.length ? { files, overCap, unreadable } : { files, overCap };
}

/**
 * A symlink to a file the scan also found is the same file under a second name: indexed twice, search
 * listed it twice and the name-only links to it split between the two. The link is left out (a link to
 * one the scan skips is kept: it is how the project holds that file). So is a link leading out of the
 * project: no host serves a path through it (Lens.resolvePath), and every build said it had no outline.
 */
function dropLinksToScanned(root: string, files: ScannedFile[], links: number[]): void {
  const at = links.splice(0);
  if (!at.length) return;
  let rootReal: string;
  try {
    rootReal = realpathSync(root);
  } catch {
    return;
  }
  const scanned = new Set(files.map((f) => f.rel));
  const drop = new Set<number>();
  for (const i of at) {
    const f = files[i];
    if (!f) continue;
    try {
      const target = relative(rootReal, realpathSync(f.abs)).split(sep).join("/");
      if ((target !== f.rel && scanned.has(target)) || target.startsWith("../") || isAbsolute(target)) drop.add(i);
    } catch {
      /* dangling since: the build finds it gone */
    }
  }
  if (!drop.size) return;
  const kept = files.filter((_, i) => !drop.has(i));
  files.length = 0;
  files.push(...kept);
}
