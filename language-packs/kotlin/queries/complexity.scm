[(if_expression) (for_statement) (while_statement) (do_while_statement) (when_entry) (catch_block)
 (conjunction_expression) (disjunction_expression) (elvis_expression)] @branch
