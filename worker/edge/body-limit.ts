// Every request body is bounded before anything parses it: a full cart of 100 lines with long Arabic
// notes is well under this. Content-Length is checked at once, a streamed body as it arrives (413).
import { bodyLimit } from "hono/body-limit";

export const MAX_BODY_BYTES = 512 * 1024;

export const limitBodies = () => bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.text("Request body too large", 413) });
