; Only @branch captures may appear here (the core counts every capture): predicates test @branch itself.
((call target: (identifier) @branch)
  (#match? @branch "^(if|unless)$"))
; clauses of case / cond / receive / with … else / try … rescue (not `fn` clauses)
([(do_block) (else_block) (rescue_block) (catch_block)] (stab_clause) @branch)
(binary_operator operator: ["and" "or" "&&" "||"]) @branch
