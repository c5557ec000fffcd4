; Bash: functions are the outline (`f() {}`, `function f {}`); every function is visible to callers.
((function_definition name: (word) @name) @definition.function
  (#set! exported "true"))
