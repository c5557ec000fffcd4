/**
 * `.pilensrc` `languages`: the schema can only say it maps ids to objects; which ids and which options
 * exist is known once the packs are (built-in manifests and the packs the config loaded). An unknown
 * language id or an option its pack does not declare is a warning naming the key and what exists —
 * never silently ignored. Built-in packs take no options; a third-party pack declares its options by
 * its `options` defaults (one that declares none is not checked: its taps may read any key).
 */
export interface LanguageServed {
  pack: string;
  /** Option names the pack declares; undefined when it declares none (a third-party pack: unchecked). */
  options?: string[];
}

export function languageOptionWarnings(languages: Record<string, Record<string, unknown>> | undefined, file: string, served: Map<string, LanguageServed>): string[] {
  const out: string[] = [];
  for (const [id, opts] of Object.entries(languages ?? {})) {
    const lang = served.get(id);
    if (!lang) {
      out.push(`${file}: languages.${id}: unknown language id "${id}", its options are not used (known ids: ${[...served.keys()].sort().join(", ")})`);
      continue;
    }
    if (!lang.options) continue;
    const unknown = Object.keys(opts ?? {}).filter((k) => !lang.options!.includes(k));
    if (!unknown.length) continue;
    const known = lang.options.length ? `its options: ${lang.options.join(", ")}` : "it takes no options";
    for (const k of unknown) out.push(`${file}: languages.${id}.${k}: pack ${lang.pack} declares no option "${k}", the setting is not used (${known})`);
  }
  return out;
}

/**
 * The options a pack reads (unknown ids and undeclared keys left out): what the project graph's stamp
 * hashes — a setting said to be unused had still rebuilt every graph (QA round B).
 */
export function usedLanguageOptions(languages: Record<string, Record<string, unknown>> | undefined, served: Map<string, LanguageServed>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [id, opts] of Object.entries(languages ?? {})) {
    const lang = served.get(id);
    if (!lang || !opts) continue;
    const kept = lang.options ? Object.fromEntries(Object.entries(opts).filter(([k]) => lang.options!.includes(k))) : opts;
    if (Object.keys(kept).length) out[id] = kept;
  }
  return out;
}
