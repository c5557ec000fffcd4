((command name: (command_name (word) @_c) argument: [(word) (string) (raw_string)] @import.source)
  (#match? @_c "^(source|\\.)$") (#set! internal "true"))
