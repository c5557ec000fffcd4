[(if_statement) (for_statement) (for_each_statement) (while_statement) (do_statement)
 (catch_clause) (conditional_expression) (switch_expression_arm)
 (case_switch_label) (case_pattern_switch_label)] @branch
; The operator token, not its binary_expression (as the TypeScript pack does): `operator: [...]` on
; binary_expression cost ~70 ms of query analysis per cold start on this grammar; the tokens occur in
; binary expressions only (`??=` is a token of its own; patterns say `and`/`or`).
["&&" "||" "??"] @branch
