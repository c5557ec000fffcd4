; McCabe: one path per decision point.
[(if_statement) (elif_clause) (for_statement) (while_statement) (except_clause)
 (conditional_expression) (if_clause) (case_clause) (boolean_operator)] @branch
