// The operator's endpoints (POST /_edge/move, /_edge/restaurants/{domain}/export|import) take
// `Authorization: Bearer <ADMIN_SECRET>`: compared as
// sha256 digests without an early exit, so neither the secret's length nor its prefix leaks by timing.
import { sha256 } from "../rules/secrets";
import { missingSecretAnswer } from "../missing-secret";
import { timingSafeEqualHex } from "../rules/hmac";

/** null when the request carries the admin secret; otherwise the answer (503 unset, 401 wrong). */
export async function adminRefusal(request: Request, env: Env): Promise<Response | null> {
  const secret = env.ADMIN_SECRET;
  if (!secret) return missingSecretAnswer("ADMIN_SECRET");
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (given && timingSafeEqualHex(await sha256(given), await sha256(secret))) return null;
  return Response.json(
    { error: "Missing or wrong Authorization: Bearer <ADMIN_SECRET>" },
    {
      status: 401,
      headers: { "WWW-Authenticate": "Bearer", "Cache-Control": "no-store" },
    },
  );
}
