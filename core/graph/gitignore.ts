/**
 * A small .gitignore reader for the common patterns: comments, blank lines, `!negation`, trailing `/`
 * (folders only), leading or inner `/` (anchored to the .gitignore's folder), `*`, `?`, `**`, `[abc]`.
 */
export interface IgnoreRule {
  re: RegExp;
  negate: boolean;
  dirOnly: boolean;
}

function globToRegex(glob: string): string {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        const slash = glob[i + 2] === "/";
        re += slash ? "(?:.*/)?" : ".*";
        i += slash ? 2 : 1;
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        re += "[" + glob.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\") + "]";
        i = end;
      }
    } else if (c === "\\" && i + 1 < glob.length) re += "\\" + glob[++i];
    else re += /[.+^${}()|]/.test(c) ? "\\" + c : c;
  }
  return re;
}

/** Rules of one .gitignore whose folder is `base` (root-relative, "" for the root). */
export function parseGitignore(text: string, base: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (let line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith("#")) continue;
    line = line.replace(/(?<!\\)\s+$/, "");
    let negate = false;
    if (line.startsWith("!")) {
      negate = true;
      line = line.slice(1);
    }
    let dirOnly = false;
    if (line.endsWith("/")) {
      dirOnly = true;
      line = line.slice(0, -1);
    }
    if (!line) continue;
    const anchored = line.includes("/");
    line = line.replace(/^\//, "");
    const prefix = base ? base.replace(/[.+^${}()|[\]\\*?]/g, "\\$&") + "/" : "";
    const body = globToRegex(line);
    rules.push({ re: new RegExp(`^${prefix}${anchored ? "" : "(?:.*/)?"}${body}$`), negate, dirOnly });
  }
  return rules;
}

/** Last matching rule wins, as in git. `rel` is root-relative with `/`. */
export function isIgnored(rules: IgnoreRule[], rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const r of rules) {
    if (r.dirOnly && !isDir) continue;
    if (r.re.test(rel)) ignored = !r.negate;
  }
  return ignored;
}
