/** The languages of the Swift pack: the eager manifest. */
export const LANGUAGES = [{ id: "swift", grammar: "swift", extensions: [".swift"] }];
