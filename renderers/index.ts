/** The built-in renderers; each goes through the public Renderer API. */
import type { Renderer } from "../core/plugin.js";
import json from "./json.js";
import compact from "./compact.js";
import summary from "./summary.js";

export const builtinRenderers: Renderer[] = [json, compact, summary];
