/**
 * The source roots of a JVM file (Java, Kotlin): the file's folder minus its package path
 * (`android/src/main/java` for `package expo.modules.kotlin`), then the other source sets beside it
 * (`src/main/kotlin`, `src/fabric/java`; `src/test/java`'s imports of `src/main/java`), `main` first.
 */
import { readdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { isDir } from "../../core/files.js";

/** The importing file's source root (its folder minus the package path), or undefined when the package is not its folder's. */
function ownRoot(dir: string, pkg: string): string | undefined {
  if (!pkg) return dir;
  const tail = join(...pkg.split("."));
  return dir === tail ? "." : dir.endsWith(sep + tail) ? dir.slice(0, dir.length - tail.length - 1) : undefined;
}

/** The source roots to look in: the file's own, then the other source sets' (`src/<set>/java|kotlin`), `main` first. */
export function sourceRoots(path: string, pkg: string): string[] {
  const root = ownRoot(dirname(path), pkg);
  if (root === undefined) return [];
  const m = /^(.*[\\/]src)[\\/][^\\/]+[\\/](?:java|kotlin)$/.exec(root);
  if (!m) return [root];
  const roots = [root];
  let sets: string[] = [];
  try {
    sets = readdirSync(m[1]!).sort((a, b) => Number(b === "main") - Number(a === "main") || (a < b ? -1 : 1));
  } catch {
    /* none */
  }
  for (const set of sets) for (const lang of ["java", "kotlin"]) {
    const r = join(m[1]!, set, lang);
    if (r !== root && isDir(r)) roots.push(r);
  }
  return roots;
}

