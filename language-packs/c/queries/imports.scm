; #include "x" is internal (resolved by the pack), #include <x> external.
((preproc_include path: (string_literal) @import.source) (#set! internal "true"))
(preproc_include path: (system_lib_string) @import.source)
