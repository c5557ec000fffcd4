((list . (symbol) @_r . (quote (symbol) @import.source))
  (#match? @_r "^(require|load)$"))
