; Only @branch captures may appear here (the core counts every capture): predicates test @branch itself.
((call target: (identifier) @branch)
  (#match? @branch "^(if|unless)$"))
; clauses of case / cond / receive / with … else / try … rescue (not `fn` clauses): each a child of its block
; (`([(do_block) …] (stab_clause) @branch)` had matched a stab_clause beside a block, never in one: a
; `case` of three clauses read complexity 1)
(do_block (stab_clause) @branch)
(else_block (stab_clause) @branch)
(rescue_block (stab_clause) @branch)
(catch_block (stab_clause) @branch)
; The operator token whose parent is a binary_operator, not the binary_operator itself: a pattern step on
; binary_operator kept a query state open per enclosing expression, quadratic on a long chain of them
; (a concatenation or pipeline thousands of terms long took seconds).
((["and" "or" "&&" "||"] @branch) (#parent-kind-eq? @branch "binary_operator"))
