/** The languages of the Python pack: the eager manifest (no grammar or pack code is loaded here). */
export const LANGUAGES = [{ id: "python", grammar: "python", extensions: [".py", ".pyi"] }];
