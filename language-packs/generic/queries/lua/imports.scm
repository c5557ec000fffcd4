((function_call
   name: (identifier) @_r
   arguments: (arguments . (string content: (string_content) @import.source)))
  (#match? @_r "^(require|dofile|loadfile)$"))
