/** pi itself, headless, with the scripted faux model and our extension: the harness the pi tests share. */
import { join } from "node:path";
import type { FauxProviderRegistration } from "@mariozechner/pi-ai";
import {
  AuthStorage,
  createAgentSession,
  DefaultResourceLoader,
  ModelRegistry,
  SessionManager,
  SettingsManager,
  type AgentSession,
  type ExtensionUIContext,
} from "@mariozechner/pi-coding-agent";
import { repoRoot } from "../helpers.js";

export const EXTENSION = join(repoRoot, "dist", "hosts", "pi", "index.js");
export type Script = Parameters<FauxProviderRegistration["setResponses"]>[0];

export interface Done {
  id: string;
  toolName: string;
  isError: boolean;
  text: string;
  details: unknown;
}

export interface PiSession {
  session: AgentSession;
  /** Every finished tool call so far. */
  done: Done[];
  /** What `/` commands notified. */
  notes: string[];
  /** Run one scripted prompt; its finished tool calls in call order (one turn's calls run in parallel). */
  prompt(script: Script, text?: string): Promise<Done[]>;
}

/** One pi session over `root` (agent dir beside it), model scripted by `faux`. */
export async function openPiSession(root: string, faux: FauxProviderRegistration): Promise<PiSession> {
  const agentDir = join(root, "..", "agent");
  const resourceLoader = new DefaultResourceLoader({ cwd: root, agentDir, additionalExtensionPaths: [EXTENSION] });
  await resourceLoader.reload();
  const authStorage = AuthStorage.inMemory();
  authStorage.setRuntimeApiKey(faux.getModel().provider, "test-key");
  const { session } = await createAgentSession({
    cwd: root,
    agentDir,
    model: faux.getModel(),
    thinkingLevel: "off",
    authStorage,
    modelRegistry: ModelRegistry.inMemory(authStorage),
    resourceLoader,
    sessionManager: SessionManager.inMemory(root),
    settingsManager: SettingsManager.inMemory({ compaction: { enabled: false }, retry: { enabled: false } }),
  });
  const notes: string[] = [];
  // Only notify is used by our command; the rest of the UI is absent, as in print mode.
  await session.bindExtensions({ uiContext: { notify: (m: string) => notes.push(m) } as unknown as ExtensionUIContext });
  const done: Done[] = [];
  session.subscribe((e) => {
    if (e.type !== "tool_execution_end") return;
    const result = e.result as { content?: { type: string; text?: string }[]; details?: unknown };
    done.push({ id: e.toolCallId, toolName: e.toolName, isError: e.isError, text: (result.content ?? []).map((c) => c.text ?? "").join("\n"), details: result.details });
  });
  return {
    session,
    done,
    notes,
    async prompt(script, text = "look at the code") {
      const before = done.length;
      faux.setResponses(script);
      await session.prompt(text);
      return done.slice(before).sort((a, b) => a.id.localeCompare(b.id));
    },
  };
}
