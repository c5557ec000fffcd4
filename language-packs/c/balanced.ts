/**
 * Balanced parentheses, three levels deep, across lines — `(default)`, `((1, 2))`, `(noexcept(__x.swap(__y)))`:
 * a macro call's arguments, as a regular expression's source (the C packs' masks build their patterns on it).
 */
export const ARGS = String.raw`\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)`;
