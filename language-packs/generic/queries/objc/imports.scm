; `#import "x.h"` / `#include "x.h"` is internal (resolved like the C pack's #include), `<Foundation/Foundation.h>`
; external; `@import UIKit;` / `@import Foo.Bar;` external (a module, named as written: objc.ts moduleImports).
((preproc_include path: (string_literal) @import.source) (#set! internal "true"))
(preproc_include path: (system_lib_string) @import.source)
