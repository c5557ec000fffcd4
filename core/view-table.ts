/**
 * Which views the Lens can render, and why one it cannot render is missing: renderers are applied
 * here, each isolated (one that throws in `apply` leaves its view out, with a warning in every report);
 * a renderer module that failed to load (`.pilensrc` `renderers`, config/plugins.ts) makes a view no
 * loaded renderer serves "unavailable" with that module's error, not "unknown"; a renderer named like a
 * view an earlier renderer already answers (a third-party `json`) is said in a warning, with what its
 * taps do there.
 */
import type { Hooks } from "./hooks.js";
import type { Renderer } from "./plugin.js";

/** A renderer module that did not load: its specifier, why, and its view when the export named one. */
export interface RendererLoadFailure {
  spec: string;
  why: string;
  view?: string;
}

export interface ViewProblem {
  message: string;
  /** True when a renderer failed (to load or in apply); false for a name no renderer serves. */
  broken: boolean;
}

export class ViewTable {
  private readonly views = new Set<string>();
  /** Views whose renderer failed (in apply, or a load failure whose export named the view), and why. */
  private readonly failures = new Map<string, string>();
  /** Load failures whose view is not known (the module threw on import). */
  private readonly unnamed: string[] = [];

  constructor(hooks: Hooks, renderers: Renderer[], loadFailures: RendererLoadFailure[], warnings: string[]) {
    for (const f of loadFailures) {
      const why = `renderer "${f.spec}" failed to load: ${f.why}`;
      if (f.view) this.failures.set(f.view, why);
      else this.unnamed.push(why);
    }
    for (const r of renderers) {
      const hook = hooks.render.for(r.name);
      const before = new Set(hook.taps);
      const served = this.views.has(r.name);
      try {
        r.apply(hooks);
        this.views.add(r.name);
        this.failures.delete(r.name);
      } catch (e) {
        const why = `renderer "${r.meta?.name ?? r.name}" failed in apply: ${(e as Error)?.message ?? String(e)}`;
        if (!served) this.failures.set(r.name, why);
        warnings.push(`${why} (view "${r.name}" unavailable)`);
        continue;
      }
      if (!served) continue;
      // The first string a tap returns wins (SyncBailHook): taps after an earlier renderer's run only
      // when it declines, and the built-in views never decline.
      const first = hook.taps[0];
      const who = r.meta?.name ?? r.name;
      if (first && before.has(first)) {
        warnings.push(
          `renderer "${who}" is named "${r.name}", a view renderer "${first.name}" already answers first: its taps run only for reports that one declines (the built-in views decline none) — give the renderer its own view name`,
        );
      } else if (first) {
        warnings.push(`renderer "${who}" is named "${r.name}", a view another renderer serves: its tap "${first.name}" answers first (a lower stage), replacing that view`);
      }
    }
  }

  names(): string[] {
    return [...this.views];
  }

  /** Why `view` cannot be rendered (undefined when it can). */
  problem(view: string): ViewProblem | undefined {
    if (this.views.has(view)) return undefined;
    const why = this.failures.get(view) ?? (this.unnamed.length ? this.unnamed.join("; ") : undefined);
    const available = `(available: ${this.names().join(", ")})`;
    if (why) return { message: `view "${view}" is unavailable: ${why} ${available}`, broken: true };
    return { message: `unknown view "${view}" ${available}`, broken: false };
  }
}
