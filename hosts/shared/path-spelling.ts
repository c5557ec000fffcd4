/**
 * The path parameter under another tool's spelling: MCP's tools take `file` and pi's `path`, and agents
 * trained on other tools send `path`, `file_path` (Claude Code's Read) or `filePath`. Read under the host's
 * own name before the schema is checked (the SDK's check had refused `path` with a generic "file: Required";
 * the name costs nothing in the tool definitions). Two spellings naming different files are an error,
 * never one of them picked silently.
 */

/** The spellings read as the path parameter (an error names the host's own first). */
const SPELLINGS = ["file", "path", "file_path", "filePath"] as const;

/**
 * `args` with its path under `name` (the host's spelling) when it came under another; unchanged when it
 * did not (or `args` is no object: the schema says what is wrong); an error naming the spellings when they
 * disagree.
 */
export function pathSpelling(args: unknown, name: string): { args: unknown } | { error: string } {
  if (!args || typeof args !== "object" || Array.isArray(args)) return { args };
  const given = [name, ...SPELLINGS.filter((k) => k !== name)].filter((k) => (args as Record<string, unknown>)[k] !== undefined);
  if (!given.length || (given.length === 1 && given[0] === name)) return { args };
  const values = given.map((k) => (args as Record<string, unknown>)[k]);
  if (values.some((v) => v !== values[0])) {
    const said = given.map((k, i) => `${k} ${JSON.stringify(values[i])?.slice(0, 200)}`).join(", ");
    return { error: `bad arguments: ${said} name different files — pass one path, as \`${name}\`` };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (!(SPELLINGS as readonly string[]).includes(k)) out[k] = v;
  out[name] = values[0];
  return { args: out };
}

/** pathSpelling for a host that takes a thrown error as the call's (pi's `prepareArguments`). */
export function spelledPath<T>(args: unknown, name: string): T {
  const spelled = pathSpelling(args, name);
  if ("error" in spelled) throw new Error(spelled.error);
  return spelled.args as T;
}
