; Only @branch captures may appear here (the core counts every capture): predicates test @branch itself.
((list . (symbol) @branch)
  (#match? @branch "^(when|unless|cond|pcase|cl-case|while|dolist|dotimes|condition-case|and|or|cl-loop)$"))
(special_form "if") @branch
