// Moved to worker/rules/visit-hours.ts (a pure rule every layer may import). This re-export only keeps
// console/insights.ts and restaurant/switch-clock.ts building until they import the rule.
export { HOUR_MS, KEEP_HOURS, unixHour } from "../rules/visit-hours";
