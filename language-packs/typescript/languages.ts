/** The languages of the JS/TS pack: the eager manifest (no grammar or pack code is loaded here). */

/** A Vue component whose script is TSX or JSX (`<script setup lang="tsx">`): the TSX grammar's, not TS's. */
const JSX_SCRIPT = /<script\b[^>]*\blang\s*=\s*["']?(?:tsx|jsx)\b/i;
export function vueWithJsx(source: string, path: string): boolean | undefined {
  return path.toLowerCase().endsWith(".vue") ? JSX_SCRIPT.test(source) : undefined;
}

export const LANGUAGES = [
  { id: "typescript", grammar: "typescript", extensions: [".ts", ".mts", ".cts"] },
  { id: "tsx", grammar: "tsx", extensions: [".tsx"] },
  { id: "javascript", grammar: "javascript", extensions: [".js", ".jsx", ".mjs", ".cjs"] },
  // Single-file components: the `<script>` blocks, read with the TypeScript grammar (the rest masked).
  { id: "vue", grammar: "typescript", extensions: [".vue"] },
  { id: "vue-tsx", grammar: "tsx", extensions: [".vue"], detect: vueWithJsx },
  { id: "svelte", grammar: "typescript", extensions: [".svelte"] },
  { id: "astro", grammar: "typescript", extensions: [".astro"] },
];
