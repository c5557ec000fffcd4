[(if) (unless) (while) (until) (for) (when) (rescue) (conditional) (if_modifier) (unless_modifier)
 (while_modifier) (until_modifier) (rescue_modifier) (elsif)] @branch
; The operator token whose parent is the binary, not a step on binary: that kept a query state
; open per enclosing expression, quadratic on a chain thousands of terms long.
(["&&" "||" "and" "or"] @branch (#parent-kind-eq? @branch "binary"))
