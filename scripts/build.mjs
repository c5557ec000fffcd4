// Compile TypeScript to dist/ and copy the data files (query .scm) next to the compiled packs.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
if (process.argv.includes("--clean")) rmSync(join(root, "dist"), { recursive: true, force: true });
// tsc emits even when it reports type errors; copy the data files anyway, then fail.
let failed = false;
try {
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], { stdio: "inherit", cwd: root });
} catch {
  failed = true;
}

function copyData(dir) {
  for (const name of readdirSync(join(root, dir))) {
    const rel = join(dir, name);
    if (statSync(join(root, rel)).isDirectory()) copyData(rel);
    else if (name.endsWith(".scm")) {
      mkdirSync(join(root, "dist", dir), { recursive: true });
      cpSync(join(root, rel), join(root, "dist", rel));
    }
  }
}
for (const dir of ["language-packs", "examples"]) {
  try { statSync(join(root, dir)); } catch { continue; }
  copyData(dir);
}
if (failed) process.exit(1);
