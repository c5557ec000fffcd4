/** What only building, searching or loading the whole graph needs: imported lazily, off the module_report path. */
export { GraphModel } from "./model.js";
export { parseMany, WORKER_MIN_FILES } from "./pool.js";
export { scanProject } from "./scan.js";
export { anyFileMatches, definitionsNamed, search } from "./search.js";
export { searchNotes, searchOrFix } from "./search-suggest.js";
export { entryFiles } from "./entries.js";
