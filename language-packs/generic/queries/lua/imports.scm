((call function: (variable name: (identifier) @_r)
   arguments: (argument_list [(string) @import.source (expression_list . (string) @import.source)]))
  (#match? @_r "^(require|dofile|loadfile)$"))
