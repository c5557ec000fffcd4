; `using X.Y;`, `using static X.Y;`, `using A = X.Y;`, `global using …` (not `using (var x = …)` statements).
(using_directive [(identifier) (qualified_name) (generic_name) (alias_qualified_name)] @import.source)
