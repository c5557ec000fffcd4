/** The languages of the JS/TS pack: the eager manifest (no grammar or pack code is loaded here). */
export const LANGUAGES = [
  { id: "typescript", extensions: [".ts", ".mts", ".cts"] },
  { id: "tsx", extensions: [".tsx"] },
  { id: "javascript", extensions: [".js", ".jsx", ".mjs", ".cjs"] },
];
