[(if_statement) (for_statement) (enhanced_for_statement) (while_statement) (do_statement)
 (catch_clause) (ternary_expression)] @branch
((switch_label) @branch (#match? @branch "^case"))
; The operator token, not its binary_expression (as the Go and TypeScript packs do): `&&` and `||`
; occur in binary expressions only, and a step on binary_expression kept a query state open per
; enclosing binary expression (quadratic on long `"…" +` concatenations).
["&&" "||"] @branch
