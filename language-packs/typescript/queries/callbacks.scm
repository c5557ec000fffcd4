; Inline executables worth a handle. Functions passed to calls are classified by the pack's
; callbackRules (language-packs/typescript/index.ts): one cheap pattern instead of one per idiom.

(call_expression
  function: (_) @callback.base
  arguments: (arguments [(arrow_function) (function_expression)] @callback.call))
(new_expression
  constructor: (_) @callback.base
  arguments: (arguments [(arrow_function) (function_expression)] @callback.call))

; assigned: el.onclick = () => {}
(assignment_expression left: (member_expression) @callback.base
  right: [(arrow_function) (function_expression)] @callback.assigned_callback)

; object properties: { onMessage: () => {} }
(pair key: (_) @callback.base value: [(arrow_function) (function_expression)] @callback.object_property_callback)
