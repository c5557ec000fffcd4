[(if_statement) (elif_clause) (while_statement) (for_statement) (c_style_for_statement) (case_item)] @branch
(list ["&&" "||"] @branch)
