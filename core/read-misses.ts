/**
 * What a read_symbol miss can still say or read. A name the file imports: where the import is and where
 * it leads, so the agent reads it there instead of searching — `Tabs.List = List` with `import { List } from "./list"`, or a
 * helper a module only re-uses. Found from the file's own import statements (their lines name it as a
 * whole word), so it needs no project graph. A module-level binding the outline does not list: its lines.
 */
import type { FileAnalysis } from "./pipeline.js";

/** Lines an import's name list may span above or below its specifier's line. */
const MAX_IMPORT_LINES = 60;
/** A line of an import's name list (`  List,`, `  type Foo as Bar,`, `} from`, `)`). */
const NAME_LIST_LINE = /^[\s\w$,{}()*]*$/;
const STATEMENT_START = /^\s*(?:import|export|from)\b/;

/** "List is imported at line 3 from ./list (src/list.tsx; CLI: pilens read src/list.tsx List)", or undefined. */
export function importedNameNote(a: FileAnalysis, want: string): string | undefined {
  const name = want.split(/\.|::|#/).pop() ?? "";
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const word = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`);
  for (const [k, imp] of a.imports.entries()) {
    const at = imp.line - 1;
    const note = (i: number) => {
      const where = imp.resolved ? ` (${imp.resolved}; CLI: pilens read ${imp.resolved} ${name})` : imp.external ? " (outside the project)" : "";
      return `${name} is imported at line ${i + 1} from ${imp.source}${where}`;
    };
    // The specifier itself (`from "./list"`) is no mention of the name.
    if (word.test((a.lines[at] ?? "").split(imp.source).join(""))) return note(at);
    // Its name list: above the specifier (`import {\n  List,\n} from "./list"`) or below it (Python's
    // `from x import (\n    List,\n)`), up to the neighbouring imports.
    const prev = k > 0 ? a.imports[k - 1]!.line : 0;
    for (let i = at - 1; i >= Math.max(prev, at - MAX_IMPORT_LINES); i--) {
      const line = a.lines[i]!;
      const start = STATEMENT_START.test(line);
      if (!start && !NAME_LIST_LINE.test(line)) break;
      if (word.test(line)) return note(i);
      if (start) break;
    }
    const next = a.imports[k + 1]?.line ?? a.lines.length + 1;
    for (let i = at + 1; i < Math.min(next - 1, at + MAX_IMPORT_LINES, a.lines.length); i++) {
      const line = a.lines[i]!;
      if (!NAME_LIST_LINE.test(line)) break;
      if (word.test(line)) return note(i);
    }
  }
  return undefined;
}

/**
 * Where a top-level assignment binds `name` (at column 0: `app = Flask(__name__)`, `const log = …`,
 * `var x int = 3`), through the lines its brackets stay open (at most 200): the first one in the file.
 */
export function moduleBinding(a: FileAnalysis, name: string): { startLine: number; endLine: number } | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const re = new RegExp(`^(?:(?:export|const|let|var|val|static|final|pub|public|private|local)\\s+)*${name.replace(/\$/g, "\\$")}\\s*(?::[^=\\n]{0,120})?=(?![=>])`);
  const i = a.lines.findIndex((l) => re.test(l));
  if (i < 0) return undefined;
  let depth = 0;
  let end = i;
  for (let j = i; j < a.lines.length && j < i + 200; j++) {
    for (const ch of a.lines[j]!) depth += ch === "(" || ch === "[" || ch === "{" ? 1 : ch === ")" || ch === "]" || ch === "}" ? -1 : 0;
    end = j;
    if (depth <= 0) break;
  }
  return { startLine: i + 1, endLine: end + 1 };
}
