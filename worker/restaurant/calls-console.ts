// The console's operations on the restaurant's object (./calls.ts): the board's switches, settings,
// staff-facing reads. Listed here so the object can run them by name.
import { findDishes, markSoldOut, pauseBranch } from "./switch-rows";

export const consoleCalls = { findDishes, markSoldOut, pauseBranch };
