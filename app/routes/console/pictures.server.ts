// The picture upload's answers: JSON with the status for fetch callers, or (a browser's form post,
// which asks for HTML) a redirect back to the console screen it came from, the outcome in the query
// (?picture=…&pictureError=…) so the control can say what happened beside itself.
import { redirect, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { safeLocalPath } from "~/lib/safe-path";
import { UPLOAD_STATUS, uploadPicture, type UploadResult } from "../../../worker/console/pictures";
import { imageUrl } from "../../../worker/rules/image-url";

const MESSAGES: Record<Exclude<UploadResult, { ok: true }>["error"], string> = {
  "too-large": "the picture is larger than 5 MB",
  "bad-form": "send a file and a target (dish:{id}, category:{id}, menu:{id} or logo)",
  forbidden: "your role cannot change this picture",
  "not-found": "no such dish, category or menu in this restaurant",
  "unsupported-type": "only JPEG, PNG, WebP, AVIF and GIF pictures are accepted",
  quota: "the restaurant's pictures have used up their storage; pictures no longer shown are removed after a day",
  "share-too-large": "the share copy (field share) is larger than 300 KB; nothing was stored",
  "bad-share": "the share copy (field share) must be a JPEG of at most 1200 pixels a side; nothing was stored",
};

/** Where the form came from (its `back` query parameter), kept inside the console. */
function backTo(request: Request, result: UploadResult): string {
  const url = new URL(request.url);
  const fallback = result.target === "logo" ? "/console/branches" : "/console/menu";
  const back = safeLocalPath(url.searchParams.get("back"), fallback);
  const to = new URL(back.startsWith("/console/") ? back : fallback, url.origin);
  for (const name of ["picture", "pictureError"]) to.searchParams.delete(name);
  if (result.target) to.searchParams.set("picture", result.target);
  if (!result.ok) to.searchParams.set("pictureError", result.error);
  return `${to.pathname}${to.search}`;
}

export async function picturesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env);
  const result = await uploadPicture(request, env, member);
  if (request.headers.get("accept")?.includes("text/html")) return redirect(backTo(request, result), { status: 303, headers: CONSOLE_HEADERS });
  if (result.ok) return Response.json({ target: result.target, image: result.image, url: imageUrl(result.image) }, { headers: CONSOLE_HEADERS });
  return Response.json({ error: MESSAGES[result.error], code: result.error }, { status: UPLOAD_STATUS[result.error], headers: CONSOLE_HEADERS });
}
