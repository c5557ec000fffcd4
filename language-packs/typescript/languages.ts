/** The languages of the JS/TS pack: the eager manifest (no grammar or pack code is loaded here). */
export const LANGUAGES = [
  { id: "typescript", grammar: "typescript", extensions: [".ts", ".mts", ".cts"] },
  { id: "tsx", grammar: "tsx", extensions: [".tsx"] },
  { id: "javascript", grammar: "javascript", extensions: [".js", ".jsx", ".mjs", ".cjs"] },
  // Single-file components: the `<script>` blocks, read with the TypeScript grammar (the rest masked).
  { id: "vue", grammar: "typescript", extensions: [".vue"] },
  { id: "svelte", grammar: "typescript", extensions: [".svelte"] },
  { id: "astro", grammar: "typescript", extensions: [".astro"] },
];
