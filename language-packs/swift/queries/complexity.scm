[(if_statement) (guard_statement) (for_statement) (while_statement) (repeat_while_statement)
 (switch_entry) (catch_block) (ternary_expression) (nil_coalescing_expression)
 (conjunction_expression) (disjunction_expression)] @branch
