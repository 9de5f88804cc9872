// Moved to worker/rules/network-key.ts (a pure rule every layer may import). This re-export only keeps
// console/, contract/, directory/ and the console's server modules building until they import the rule.
export { addressTag, type NetworkKey } from "../rules/network-key";
