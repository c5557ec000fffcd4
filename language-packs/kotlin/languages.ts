/** The languages of the Kotlin pack: the eager manifest. */
export const LANGUAGES = [{ id: "kotlin", grammar: "kotlin", extensions: [".kt", ".kts"] }];
