/** The read tiers' names (a leaf module: hosts validate arguments without loading the view engine). */
export type ViewMode = "full" | "signatures" | "map" | "auto";
export const VIEW_MODES: readonly ViewMode[] = ["full", "signatures", "map", "auto"];
