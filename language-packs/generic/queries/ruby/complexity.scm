[(if) (unless) (while) (until) (for) (when) (rescue) (conditional) (if_modifier) (unless_modifier)
 (while_modifier) (until_modifier) (rescue_modifier) (elsif)] @branch
(binary operator: ["&&" "||" "and" "or"]) @branch
