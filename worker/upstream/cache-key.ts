// Moved to worker/rules/cache-key.ts (a pure rule every layer may import). This re-export only keeps
// directory/directory.ts building until it imports the rule.
export { cacheKeyUrl } from "../rules/cache-key";
