// Moved to worker/rules/picture-limit.ts (the browser reads it too). This re-export only keeps
// storage/upload.ts building until it imports the rule.
export { MAX_PICTURE_BYTES } from "../rules/picture-limit";
