/** The languages of the C pack: the eager manifest. `.h` is C unless the C++ pack's detector claims it. */
export const LANGUAGES = [{ id: "c", grammar: "c", extensions: [".c", ".h"] }];
