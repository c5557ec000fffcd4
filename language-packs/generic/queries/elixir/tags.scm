; Elixir: definitions are macro calls. defp/defmacrop/defguardp are private (elixir.ts).

((call target: (identifier) @_k (arguments . (alias) @name)) @definition.module
  (#eq? @_k "defmodule"))
((call target: (identifier) @_k (arguments . (alias) @name)) @definition.protocol
  (#eq? @_k "defprotocol"))
((call target: (identifier) @_k (arguments . (alias) @name)) @definition.impl
  (#eq? @_k "defimpl"))

; def name(args) / def name(args) when guard / def name
((call target: (identifier) @_k
   (arguments . [(call target: (identifier) @name)
                 (binary_operator left: (call target: (identifier) @name) operator: "when")
                 (binary_operator left: (identifier) @name operator: "when")
                 (identifier) @name])) @definition.function
  (#match? @_k "^(def|defp|defdelegate|defguard|defguardp|defn|defnp)$"))
((call target: (identifier) @_k
   (arguments . [(call target: (identifier) @name)
                 (binary_operator left: (call target: (identifier) @name) operator: "when")
                 (identifier) @name])) @definition.macro
  (#match? @_k "^(defmacro|defmacrop)$"))

((call target: (identifier) @_k) @definition.struct
  (#match? @_k "^(defstruct|defexception)$") (#set! name "__struct__"))

; @type t :: …, @typep, @opaque, @callback name(args) :: …
((unary_operator operator: "@" operand: (call target: (identifier) @_t
   (arguments . (binary_operator left: [(identifier) @name (call target: (identifier) @name)])))) @definition.type
  (#match? @_t "^(type|typep|opaque)$"))
((unary_operator operator: "@" operand: (call target: (identifier) @_t
   (arguments . (binary_operator left: [(identifier) @name (call target: (identifier) @name)])))) @definition.function
  (#match? @_t "^(callback|macrocallback)$") (#set! kind "function"))
