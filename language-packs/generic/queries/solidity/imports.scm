; `import "./x.sol";`, `import {A} from "@oz/x.sol";`, `import * as X from "x";`, `import "x" as X;`
(import_directive source: (string) @import.source)
