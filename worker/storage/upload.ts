// Storing an uploaded picture: bounded body, multipart parsed, the target checked against the member's
// restaurant and role, the type proven by the bytes, the object named by its content's hash, the row
// updated and the restaurant's diner cache purged. The old object is kept for a day (a page a diner
// loaded a moment before the purge may still show it; identical bytes share one name across rows),
// then swept; each restaurant's objects are bounded by a quota (./quota.ts). The console's browser also
// sends a share copy (a small JPEG for link previews, worker/rules/share-image.ts): checked like the
// picture, stored beside it, counted and swept with it; a bad one refuses the whole upload.
import * as v from "valibot";
import { sha256 } from "../rules/secrets";
import { can, type Role } from "../rules/roles";
import { bumpTenantVersion } from "../directory/versions";
import { pictureKey } from "./keys";
import { SHARE_MAX_BYTES, SHARE_MAX_SIDE, shareCopyOf, sizedPictureKey } from "../rules/share-image";
import { sweepPictures } from "./quota";
import { jpegSize, sniffPicture } from "./sniff";
import { capabilityFor, Target } from "./targets";
import { restaurantCall } from "../restaurant/stub";

import { MAX_PICTURE_BYTES } from "../rules/picture-limit";

/** The largest picture accepted (the file itself). */
export { MAX_PICTURE_BYTES };
/** The whole request: the picture, its share copy and the multipart envelope (boundaries, part headers, the target). */
const MAX_UPLOAD_BODY_BYTES = MAX_PICTURE_BYTES + SHARE_MAX_BYTES + 16 * 1024;
/** The upload's path: the site-wide body bound (worker/edge/body-limit.ts) leaves it to this one. */
export const UPLOAD_PATH = "/console/pictures";

export type UploadError = "too-large" | "bad-form" | "forbidden" | "not-found" | "unsupported-type" | "quota" | "share-too-large" | "bad-share";
export type UploadResult = { ok: true; target: string; image: string } | { ok: false; error: UploadError; target?: string };

export const UPLOAD_STATUS: Record<UploadError, number> = {
  "too-large": 413,
  "bad-form": 400,
  forbidden: 403,
  "not-found": 404,
  "unsupported-type": 415,
  quota: 413,
  "share-too-large": 413,
  "bad-share": 422,
};

/** The body's bytes, or null once it is longer than `max`: Content-Length first, then while reading. */
export async function readBounded(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= max)) return null;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const Fields = v.object({
  target: Target,
  file: v.pipe(
    v.instance(File),
    v.check((f) => f.size > 0, "choose a picture"),
  ),
  // An empty file part is no share copy (a form sent without the console's script).
  share: v.optional(
    v.pipe(
      v.instance(File),
      v.transform((f) => (f.size > 0 ? f : undefined)),
    ),
  ),
});

type ShareCopy = { bytes: Uint8Array<ArrayBuffer>; width: number; height: number };

/** The share copy as sent, proven a JPEG within SHARE_MAX_SIDE px a side; undefined when none was sent. */
async function shareCopy(file: File | undefined): Promise<ShareCopy | undefined | "share-too-large" | "bad-share"> {
  if (!file) return undefined;
  if (file.size > SHARE_MAX_BYTES) return "share-too-large";
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = sniffPicture(bytes)?.ext === "jpg" ? jpegSize(bytes) : null;
  if (!size || size.width < 1 || size.height < 1 || Math.max(size.width, size.height) > SHARE_MAX_SIDE) return "bad-share";
  return { bytes, ...size };
}

export interface Uploader {
  restaurant_id: number;
  domain: string;
  role: Role;
}

/** The upload answer for `member`; the request's body is read here, within MAX_UPLOAD_BODY_BYTES. */
export async function uploadPicture(request: Request, env: Env, member: Uploader): Promise<UploadResult> {
  const body = await readBounded(request, MAX_UPLOAD_BODY_BYTES);
  if (!body) return { ok: false, error: "too-large" };
  const form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData().catch(() => null);
  // Two file inputs (camera, files) share the name: the one that holds a file counts.
  const file = form?.getAll("file").find((f) => typeof f !== "string" && f.size > 0) ?? form?.get("file");
  // An empty file part (the share input left empty) arrives as an empty string: no share copy.
  const fields = v.safeParse(Fields, { target: form?.get("target"), file, share: form?.get("share") || undefined });
  if (!fields.success) return { ok: false, error: "bad-form" };
  const { target } = fields.output;
  const fail = (error: UploadError): UploadResult => ({ ok: false, error, target: target.text });
  if (!can(member.role, capabilityFor(target))) return fail("forbidden");
  const restaurant = { id: member.restaurant_id };
  const row = { kind: target.kind, id: target.id };
  if ((await restaurantCall(env, restaurant, "currentPicture", row)) === undefined) return fail("not-found");
  if (fields.output.file.size > MAX_PICTURE_BYTES) return fail("too-large");
  const bytes = new Uint8Array(await fields.output.file.arrayBuffer());
  const type = sniffPicture(bytes);
  if (!type) return fail("unsupported-type");
  const share = await shareCopy(fields.output.share);
  if (typeof share === "string") return fail(share);
  const plain = pictureKey(member.restaurant_id, await sha256(bytes), type.ext);
  const key = share ? sizedPictureKey(plain, share.width, share.height) : plain;
  // Room first: objects nothing shows any more are swept, then this one is claimed against the quota.
  await sweepPictures(env, member.restaurant_id);
  const now = Date.now();
  if (!(await restaurantCall(env, restaurant, "claimPicture", key, bytes.byteLength + (share?.bytes.byteLength ?? 0), now))) return fail("quota");
  if (share) await env.PICTURES.put(shareCopyOf(key)!.key, share.bytes, { httpMetadata: { contentType: "image/jpeg" } });
  await env.PICTURES.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  if (!(await restaurantCall(env, restaurant, "setPicture", row, key))) {
    await restaurantCall(env, restaurant, "releasePicture", key, now);
    return fail("not-found");
  }
  await bumpTenantVersion(env, member.domain);
  return { ok: true, target: target.text, image: key };
}
