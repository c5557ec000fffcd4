((call target: (identifier) @_k (arguments . [(alias) @import.source (dot left: (alias) @import.source)]))
  (#match? @_k "^(alias|import|require|use)$"))
