/** The default view: the report as one line of unindented JSON (contract.md shape). */
import { defineRenderer } from "../core/plugin.js";

export default defineRenderer({
  meta: { name: "pilens-renderer-json", version: "0.1.0" },
  name: "json",
  apply(hooks) {
    hooks.render.for("json").tap("renderer:json", (report) => JSON.stringify(report));
  },
});
