// Which draft restaurant a page request previews (worker/directory/drafts.ts): the restaurant of the
// page (its /{domain} segment, or the custom host's), when it is a draft and the console session in
// the request is one of its members. Only requests that carry a console session cookie pay the lookup;
// worker/render.ts reads that cookie (app/lib/console-session.server.ts) and hands its id here.
import { mayPreview } from "./drafts";
import { sessionPerson } from "./sessions";
import type { HostTenant } from "./hosts";

/** The restaurant a page path names on the site's own host: /{domain}/… or /table/{table}/{domain}/…. */
function pageDomain(url: URL, host: Exclude<HostTenant, { kind: "unknown" }>): string | null {
  if (host.kind === "custom") return host.domain;
  const segments = url.pathname.split("/").filter(Boolean);
  const domain = segments[0] === "table" ? segments[2] : segments[0];
  if (!domain) return null;
  // A client navigation's data request names the page as /{domain}.data.
  return domain.replace(/\.data$/, "");
}

/** The draft this request may preview, or null (the page is rendered as anyone would get it). */
export async function previewOf(url: URL, sessionId: string | null, env: Env, host: Exclude<HostTenant, { kind: "unknown" }>): Promise<string | null> {
  if (env.UPSTREAM_URL || !sessionId) return null;
  const domain = pageDomain(url, host);
  if (!domain) return null;
  const session = await sessionPerson(env.DB, sessionId);
  return session && (await mayPreview(env.DB, domain, session.personId)) ? domain : null;
}
