[(if_statement) (elseif_clause) (while_statement) (repeat_statement) (for_numeric_statement)
 (for_generic_statement)] @branch
(binary_expression operator: ["and" "or"]) @branch
