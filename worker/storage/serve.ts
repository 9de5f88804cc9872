// GET/HEAD /storage/{key}: uploaded pictures from R2. The static demo pictures under public/storage are
// answered by the assets before the Worker runs (wrangler's default, assets first), so only keys that
// are not files reach this handler. A picture's name is its content's hash, so it never changes: cached
// for a year, immutable, with an ETag for revalidation.
import * as v from "valibot";
import { PictureKey } from "./keys";
import { STORAGE_PATH } from "../rules/image-url";

/** The one home of the long-lived caching header (nothing else in the site is immutable). */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** If-None-Match holds `*` or the object's ETag (weak or strong: a GET compares weakly). */
function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

export async function servePicture(request: Request, env: Env): Promise<Response> {
  // The raw (still percent-encoded) path: "%2e%2e", "%2f" or a backslash never matches a key.
  const key = v.safeParse(PictureKey, new URL(request.url).pathname.slice(STORAGE_PATH.length));
  if (!key.success) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const ifNoneMatch = request.headers.get("if-none-match");
  const object = request.method === "HEAD" || ifNoneMatch ? await env.PICTURES.head(key.output) : await env.PICTURES.get(key.output);
  if (!object) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const headers = new Headers({ "Cache-Control": IMMUTABLE_CACHE, ETag: object.httpEtag });
  if (ifNoneMatch && matches(ifNoneMatch, object.httpEtag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", object.httpMetadata?.contentType ?? "application/octet-stream");
  headers.set("Content-Length", String(object.size));
  if (request.method === "HEAD") return new Response(null, { headers });
  const body = "body" in object ? (object as R2ObjectBody).body : (await env.PICTURES.get(key.output))?.body;
  if (!body) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(body, { headers });
}
