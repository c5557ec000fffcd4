/** The languages of the Rust pack: the eager manifest (no grammar or pack code is loaded here). */
export const LANGUAGES = [{ id: "rust", grammar: "rust", extensions: [".rs"] }];
