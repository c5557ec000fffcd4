[(if_statement) (elif_clause) (while_statement) (for_statement) (c_style_for_statement) (case_item)] @branch
; The operator token whose parent is the list, not a step on list: that kept a query state
; open per enclosing expression, quadratic on a chain thousands of terms long.
(["&&" "||"] @branch (#parent-kind-eq? @branch "list"))
