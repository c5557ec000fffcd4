; `import a.b.C`, `import a.b.*`, `import a.b.C as D`: the qualified name is the source.
(import_header (identifier) @import.source)
