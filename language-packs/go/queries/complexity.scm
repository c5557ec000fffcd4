; McCabe: one path per decision point (default cases add none).
[(if_statement) (for_statement) (expression_case) (type_case) (communication_case)] @branch
; The operator token, not its binary_expression (as the TypeScript pack does): Go has `&&` and `||`
; in binary expressions only, and `(binary_expression operator: …)` kept a query state open per
; enclosing binary expression — quadratic on a long `"…" +` concatenation (time/tzdata/zipdata.go,
; 7,117 lines: 44–52 s).
["&&" "||"] @branch
