[(if_statement) (for_statement) (for_in_statement) (while_statement) (do_statement)
 (catch_clause) (ternary_expression) (switch_case)] @branch
; The operator token, not its binary_expression: a pattern step on binary_expression costs ~5 ms of
; query analysis per cold start; the token sits inside the same innermost function. These tokens occur
; in binary expressions only (`&&=` is a token of its own): no parent check, which cost a walk from the
; root per token (web-tree-sitter's `parent`; ~10 ms over this repo's 1,300 tokens).
["&&" "||" "??"] @branch
