/** The languages of the C# pack: the eager manifest (no grammar or pack code is loaded here). */
export const LANGUAGES = [{ id: "csharp", grammar: "c_sharp", extensions: [".cs"] }];
