/** The languages of the Java pack: the eager manifest (no grammar or pack code is loaded here). */
export const LANGUAGES = [{ id: "java", grammar: "java", extensions: [".java"] }];
