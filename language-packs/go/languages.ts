/** The languages of the Go pack: the eager manifest (no grammar or pack code is loaded here). */
export const LANGUAGES = [{ id: "go", grammar: "go", extensions: [".go"] }];
