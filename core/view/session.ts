/**
 * One view session: what was delivered to one agent context. Hosts keep one per MCP connection, and
 * in pi per session branch + compaction generation (call `newGeneration()` after a compaction, branch
 * switch or fork: the agent no longer holds what was sent, so the next re-read sends content again).
 * Never shared across processes.
 *
 * It remembers:
 *   - a content hash per (path, window, tier) delivered → unchanged re-reads become stubs, changed full
 *     windows become diffs (view/index.ts decides);
 *   - bounces: a compressed read of a path followed by a full read covering most of it. Each bounce
 *     moves the next `auto` read of that path, and of its extension, one step toward full;
 *   - fragmentation: tokens spent on one unchanged file through read_symbol / read_enclosing / windowed
 *     reads; past `fragmentationRatio` of the file, the next read serves the whole file;
 *   - the savings ledger (ledger.ts).
 * Optional per-extension Beta(α, β) learning of the bounce rate (off by default): with it, the
 * extension's steps come from the posterior mean instead of the raw bounce count.
 */
import { emptyLedger, recordBounce, recordRead, type Ledger, type ReadKind } from "./ledger.js";
import { extensionOf, type ServedTier } from "./auto.js";
import { sha1Hex } from "../hash.js";
import { splitLines } from "../text.js";
import { estimateTokens } from "./tokens.js";

export interface SessionOptions {
  /** Per-extension Beta learning of bounce rates. Off by default (deterministic counting). */
  learn?: boolean | { alpha?: number; beta?: number };
  /** Share of a file's tokens spent in pieces after which the whole file is served. Default 0.6. */
  fragmentationRatio?: number;
  /** Share of a compressed read's lines a later full read must cover to count as a bounce. Default 0.5. */
  bounceOverlap?: number;
  /** Cap on remembered full-window text (for diffs), in characters. Default 16 MB. */
  maxStoredChars?: number;
  /** Clock (tests). */
  now?: () => Date;
  /**
   * The host's names of the read tools, as the agent calls them — stubs cite the call that sent the text
   * (`your read offset=30 limit=26`, `your pilens_read_symbol Lens.view`). Default: view `view`, no prefix.
   */
  tools?: { view?: string; prefix?: string };
}

export interface Delivered {
  tier: ServedTier;
  /** Set when what was sent was a diff against an earlier read (of `tier`'s text). */
  served?: "diff";
  hash: string;
  at: Date;
  seq: number;
  startLine: number;
  endLine: number;
  tokens: number;
  /** Lines of the whole file then (a re-read's diff widens the window by the difference). */
  totalLines?: number;
  /** Lines of a full window, kept for diffs (dropped when over the memory cap). */
  lines?: string[];
  /** The call that sent it, as the agent made it (`read offset=30 limit=26`). */
  call: string;
}

/** Lines sent verbatim in one read: a view's full window or diff, a read_symbol / read_enclosing answer. */
export interface SentSpan {
  seq: number;
  at: Date;
  startLine: number;
  endLine: number;
  tokens: number;
  /** The call that sent it, as the agent made it: `read offset=30 limit=26`, `read_symbol Lens.view`, `write`. */
  call: string;
  /** What it sent when the call does not say: `full`, `map`, `a diff`; empty for a read tool's answer. */
  what: string;
}

/** Lines an earlier verbatim read sent (of any content of the file): a moved window is found in them. */
export interface SentBlock {
  span: SentSpan;
  lines: string[];
  /** The file's content then, and its lines then (a diff against an older content widens by the difference). */
  hash: string;
  totalLines: number;
}

/** Verbatim spans remembered per file (the oldest dropped first). */
const MAX_SPANS = 256;
/** Sent blocks remembered per file (the oldest dropped first). */
const MAX_BLOCKS = 64;

interface CompressedRead {
  startLine: number;
  endLine: number;
  rawTokens: number;
  tokens: number;
  bytes: number;
  bounced: boolean;
}

export class ViewSession {
  readonly ledger: Ledger = emptyLedger();
  generation = 0;
  private seq = 0;
  private delivered = new Map<string, Delivered>();
  private storedChars = 0;
  private lastCompressed = new Map<string, CompressedRead>();
  private pathBounces = new Map<string, number>();
  private ext = new Map<string, { trials: number; bounces: number }>();
  private pieces = new Map<string, { hash: string; tokens: number }>();
  /** Lines sent verbatim per path, of one content (repeat.ts: a read inside them is a stub). */
  private spans = new Map<string, { hash: string; spans: SentSpan[] }>();
  /** Lines sent verbatim per path, of every content (repeat.ts sentBlock: the same text moved by an edit above it). */
  private blocks = new Map<string, SentBlock[]>();
  private blockChars = 0;
  /** Requests last answered with a stub: the same request again sends the text (the agent lost it). */
  private stubbed = new Set<string>();
  readonly options: Required<Omit<SessionOptions, "learn" | "now" | "tools">> & { learn: false | { alpha: number; beta: number }; now: () => Date };
  private readonly tools: { view: string; prefix: string };

  constructor(opts: SessionOptions = {}) {
    const learn = opts.learn ? { alpha: 1, beta: 1, ...(typeof opts.learn === "object" ? opts.learn : {}) } : false;
    this.options = {
      learn,
      fragmentationRatio: opts.fragmentationRatio ?? 0.6,
      bounceOverlap: opts.bounceOverlap ?? 0.5,
      maxStoredChars: opts.maxStoredChars ?? 16 * 1024 * 1024,
      now: opts.now ?? (() => new Date()),
    };
    this.tools = { view: opts.tools?.view ?? "view", prefix: opts.tools?.prefix ?? "" };
  }

  /** The host's name of a read tool (`view` is the host's read tier: pi's `read`, MCP's `pilens_view`). */
  toolName(tool: "view" | "read_symbol" | "read_enclosing"): string {
    return this.tools.prefix + (tool === "view" ? this.tools.view : tool);
  }

  /** A new agent context (after compaction, branch switch, fork): forget what was delivered. Bounce statistics and the ledger stay. */
  newGeneration(): void {
    this.generation++;
    this.delivered.clear();
    this.storedChars = 0;
    this.pieces.clear();
    this.lastCompressed.clear();
    this.spans.clear();
    this.blocks.clear();
    this.blockChars = 0;
    this.stubbed.clear();
  }

  static key(path: string, offset: number | undefined, limit: number | undefined, tier: ServedTier): string {
    return `${path}\u0000${offset ?? 1}\u0000${limit ?? "all"}\u0000${tier}`;
  }

  previous(key: string): Delivered | undefined {
    return this.delivered.get(key);
  }

  /** Remember a delivery under `key`. */
  remember(key: string, d: Omit<Delivered, "at" | "seq">): Delivered {
    const old = this.delivered.get(key);
    if (old?.lines) this.storedChars -= charCount(old.lines);
    const entry: Delivered = { ...d, at: this.options.now(), seq: ++this.seq };
    if (entry.lines) {
      const n = charCount(entry.lines);
      if (this.storedChars + n > this.options.maxStoredChars) delete entry.lines;
      else this.storedChars += n;
    }
    this.delivered.set(key, entry);
    return entry;
  }

  /** `key`'s window is not what the agent holds (a diff moved the lines it read): nothing to stub or diff it against. Returns the read's number and time. */
  forget(key: string): { seq: number; at: Date } {
    const old = this.delivered.get(key);
    if (old?.lines) this.storedChars -= charCount(old.lines);
    this.delivered.delete(key);
    return this.nextRead();
  }

  /** A read number and time for a read that is not a view delivery (read_symbol, read_enclosing). */
  nextRead(): { seq: number; at: Date } {
    return { seq: ++this.seq, at: this.options.now() };
  }

  /** Lines `startLine`-`endLine` of the content `hash` of `path` were sent verbatim (as read #seq). */
  noteSpan(path: string, hash: string, span: SentSpan): void {
    let f = this.spans.get(path);
    if (!f || f.hash !== hash) this.spans.set(path, (f = { hash, spans: [] }));
    f.spans.push(span);
    if (f.spans.length > MAX_SPANS) f.spans.shift();
  }

  /** The latest verbatim read of the unchanged content `hash` of `path` that holds lines `startLine`-`endLine`. */
  covering(path: string, hash: string, startLine: number, endLine: number): SentSpan | undefined {
    const f = this.spans.get(path);
    if (!f || f.hash !== hash) return undefined;
    for (let i = f.spans.length - 1; i >= 0; i--) {
      const s = f.spans[i]!;
      if (s.startLine <= startLine && s.endLine >= endLine) return s;
    }
    return undefined;
  }

  /**
   * The agent wrote `text` as the whole of `path` (pi's write): it holds those lines, as a read of them —
   * a read of the file while it stands so is a stub naming the write (a BOM'd text never matches: read
   * whole). It had re-sent a file the agent had just written.
   */
  noteWritten(path: string, text: string): void {
    const lines = splitLines(text);
    if (!lines.length) return;
    const span: SentSpan = { ...this.nextRead(), startLine: 1, endLine: lines.length, tokens: estimateTokens(text), call: "write", what: "" };
    const hash = sha1Hex(text);
    this.noteSpan(path, hash, span);
    this.noteBlock(path, span, lines, hash, lines.length);
  }

  /** `lines` were sent verbatim as `span` (lines `span.startLine`-… of the content `hash` then, `totalLines` long). */
  noteBlock(path: string, span: SentSpan, lines: string[], hash: string, totalLines: number): void {
    const n = charCount(lines);
    if (n > this.options.maxStoredChars) return;
    let list = this.blocks.get(path);
    if (!list) this.blocks.set(path, (list = []));
    list.push({ span, lines, hash, totalLines });
    this.blockChars += n;
    // (Over the cap: the oldest blocks go, of this file first, then of the others.)
    while (this.blockChars > this.options.maxStoredChars || list.length > MAX_BLOCKS) {
      const from = list.length > 1 ? list : [...this.blocks.values()].find((l) => l.length && l !== list);
      if (!from) break;
      this.blockChars -= charCount(from.shift()!.lines);
    }
  }

  /** The latest `max` verbatim reads of `path` of another content than `hash` (what the agent holds of older contents). */
  olderBlocks(path: string, hash: string, max: number): SentBlock[] {
    return (this.blocks.get(path) ?? []).filter((b) => b.hash !== hash).slice(-max).reverse();
  }

  /**
   * The latest verbatim read of `path` (any content of it) whose lines hold `want` as one block: the read
   * and the line where the block stood in it. A window or symbol whose lines moved (lines inserted or
   * deleted above them), its text unchanged, is text the agent holds.
   */
  sentBlock(path: string, want: readonly string[]): { span: SentSpan; startLine: number } | undefined {
    const list = this.blocks.get(path);
    if (!list || !want.length) return undefined;
    for (let b = list.length - 1; b >= 0; b--) {
      const { span, lines } = list[b]!;
      for (let i = lines.indexOf(want[0]!); i >= 0 && i + want.length <= lines.length; i = lines.indexOf(want[0]!, i + 1)) {
        let j = 1;
        while (j < want.length && lines[i + j] === want[j]) j++;
        if (j === want.length) return { span, startLine: span.startLine + i };
      }
    }
    return undefined;
  }

  /** The verbatim reads of the unchanged content `hash` of `path` (what the agent holds of it). */
  heldSpans(path: string, hash: string): readonly SentSpan[] {
    const f = this.spans.get(path);
    return f && f.hash === hash ? f.spans : [];
  }

  /**
   * The escape from a stub (the agent lost the text: compaction the host cannot see, a trimmed context):
   * true when `request` was answered with a stub the last time it was asked — the text goes out again,
   * and the next identical request is a stub of that read. Else `request` is remembered as stubbed.
   */
  askedAgain(request: string): boolean {
    if (this.stubbed.delete(request)) return true;
    this.stubbed.add(request);
    return false;
  }

  /** `request` was answered with text (not a stub). */
  answered(request: string): void {
    this.stubbed.delete(request);
  }

  /** Steps toward full for the next auto read of `path`: bounces of the path or of its extension, whichever is larger. */
  steps(path: string): number {
    const own = this.pathBounces.get(path) ?? 0;
    const s = this.ext.get(extensionOf(path));
    let extSteps = s?.bounces ?? 0;
    if (this.options.learn) {
      const { alpha, beta } = this.options.learn;
      const mean = (alpha + (s?.bounces ?? 0)) / (alpha + beta + (s?.trials ?? 0));
      extSteps = mean >= 0.75 ? 2 : mean >= 0.5 && (s?.trials ?? 0) > 0 ? 1 : 0;
    }
    return Math.max(own, extSteps);
  }

  /** Posterior bounce rate of an extension (Beta(α + bounces, β + trials − bounces) mean; α = β = 1 when learning is off). */
  bounceRate(path: string): number {
    const s = this.ext.get(extensionOf(path)) ?? { trials: 0, bounces: 0 };
    const { alpha, beta } = this.options.learn || { alpha: 1, beta: 1 };
    return (alpha + s.bounces) / (alpha + beta + s.trials);
  }

  /** Account one delivered read; a compressed one opens a bounce watch, a full one may close it as a bounce. Returns true on a bounce. */
  account(path: string, kind: ReadKind, tier: ServedTier | "stub" | "diff", window: { startLine: number; endLine: number }, rawTokens: number, tokens: number, bytes: number): boolean {
    recordRead(this.ledger, kind, rawTokens, tokens);
    if (kind === "compressed") {
      const e = this.extStats(path);
      e.trials++;
      this.lastCompressed.set(path, { ...window, rawTokens, tokens, bytes, bounced: false });
      return false;
    }
    if (tier !== "full") return false;
    const c = this.lastCompressed.get(path);
    if (!c || c.bounced) return false;
    const overlap = Math.min(c.endLine, window.endLine) - Math.max(c.startLine, window.startLine) + 1;
    if (overlap < (c.endLine - c.startLine + 1) * this.options.bounceOverlap) return false;
    c.bounced = true;
    this.pathBounces.set(path, (this.pathBounces.get(path) ?? 0) + 1);
    this.extStats(path).bounces++;
    recordBounce(this.ledger, c.rawTokens, c.tokens, c.bytes);
    return true;
  }

  private extStats(path: string) {
    const k = extensionOf(path);
    let s = this.ext.get(k);
    if (!s) this.ext.set(k, (s = { trials: 0, bounces: 0 }));
    return s;
  }

  /** A partial read (read_symbol, read_enclosing, windowed read) of `tokens` tokens of the file with content `hash`. */
  notePiece(path: string, hash: string, tokens: number): void {
    const p = this.pieces.get(path);
    if (!p || p.hash !== hash) this.pieces.set(path, { hash, tokens });
    else p.tokens += tokens;
  }

  /** Tokens spent in pieces on the unchanged file `hash`. */
  piecesSpent(path: string, hash: string): number {
    const p = this.pieces.get(path);
    return p && p.hash === hash ? p.tokens : 0;
  }

  /** The whole file was delivered: pieces no longer count. */
  wholeDelivered(path: string): void {
    this.pieces.delete(path);
  }

  noteFragmentationServe(): void {
    this.ledger.fragmentationServes++;
  }

  /** Bounce counts (for hosts that show them). */
  bounceStats(): { paths: Record<string, number>; extensions: Record<string, { trials: number; bounces: number; rate: number }> } {
    const extensions: Record<string, { trials: number; bounces: number; rate: number }> = {};
    const { alpha, beta } = this.options.learn || { alpha: 1, beta: 1 };
    for (const [k, s] of this.ext) extensions[k] = { ...s, rate: (alpha + s.bounces) / (alpha + beta + s.trials) };
    return { paths: Object.fromEntries(this.pathBounces), extensions };
  }
}

function charCount(lines: string[]): number {
  return lines.reduce((n, l) => n + l.length + 1, 0);
}
