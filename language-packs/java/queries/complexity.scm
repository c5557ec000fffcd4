[(if_statement) (for_statement) (enhanced_for_statement) (while_statement) (do_statement)
 (catch_clause) (ternary_expression)] @branch
((switch_label) @branch (#match? @branch "^case"))
(binary_expression operator: ["&&" "||"]) @branch
