; `import a.b.C;`, `import static a.b.C.m;`, `import a.b.*;` (the `*` is kept by index.ts).
(import_declaration [(scoped_identifier) (identifier)] @import.source)
