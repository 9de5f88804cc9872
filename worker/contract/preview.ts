// A draft restaurant's preview (worker/directory/drafts.ts): the embedded API reads a draft only
// for a render whose worker has checked the signed-in member (worker/directory/preview.ts). That
// render calls the API in-process with a copy of `env` marked here; a request from outside never
// carries the mark (a WeakMap of the very objects, nothing a client can send).
import { DRAFT } from "../directory/drafts";

const previews = new WeakMap<object, string>();

/** A copy of `env` under which the embedded API also shows the draft `domain`. */
export function previewEnv(env: Env, domain: string): Env {
  const marked = { ...env };
  previews.set(marked, domain);
  return marked;
}

/** The draft this `env` may read, or null (every request from outside). */
const previewDomain = (env: Env): string | null => previews.get(env) ?? null;

/** Whether a restaurant row in state `isActive` with `domain` is shown under this `env`. */
export const shown = (env: Env, isActive: number, domain: string) => isActive === 1 || (isActive === DRAFT && previewDomain(env) === domain);
