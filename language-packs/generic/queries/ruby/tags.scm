; Ruby definitions (tags.scm vocabulary). Visibility (`private`, `protected`) is settled in ruby.ts.

; `class A::B` is named `B` (as ctags does); the signature keeps the full path
(class name: [(constant) @name (scope_resolution name: (_) @name)]) @definition.class
(module name: [(constant) @name (scope_resolution name: (_) @name)]) @definition.module
(method name: (_) @name) @definition.method
; def self.x / def Foo.x: a class method, named without the receiver (the signature keeps it)
(singleton_method name: (_) @name) @definition.method

; Point = Struct.new(:x) do … end / Klass = Class.new(Base) / Data.define
((assignment left: (constant) @name
   right: (call receiver: (constant) @_r method: (identifier) @_m)) @definition.class
  (#match? @_r "^(Struct|Class|Data)$") (#match? @_m "^(new|define)$"))
((assignment left: (constant) @name
   right: (call receiver: (constant) @_r method: (identifier) @_m)) @definition.module
  (#eq? @_r "Module") (#eq? @_m "new"))
(assignment left: (constant) @name) @definition.constant

; attr_accessor :a, :b (the leading colon is stripped in ruby.ts)
((call . method: (identifier) @_a arguments: (argument_list (simple_symbol) @name)) @definition.property
  (#match? @_a "^attr_(accessor|reader|writer)$"))

; alias_method :new, :old / alias new old
((call . method: (identifier) @_a arguments: (argument_list . (simple_symbol) @name)) @definition.method
  (#eq? @_a "alias_method"))
(alias name: (_) @name) @definition.method
