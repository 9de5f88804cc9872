// pusher-js asks here before it subscribes to a branch's private order stream: the console session's
// member gets the signature for their socket and that channel only when they may see the branch's
// orders (the "orders" capability, a branch of their current restaurant, one they work in).
// Every refusal is JSON (pusher-js is calling, not a person: no redirect to sign in).
import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember, worksIn, type ConsoleMember } from "~/lib/console-session.server";
import { readForm } from "~/lib/form-body.server";
import { branchesIn, externalRealtime, missingSecretAnswer, signChannel, SocketId } from "../../../worker/console/realtime-auth";

/** What pusher-js posts (application/x-www-form-urlencoded); only branches' order streams are offered. */
const AuthForm = v.object({
  socket_id: SocketId,
  channel_name: v.pipe(
    v.string(),
    // No leading zero: one branch has exactly one channel name (branchOrdersChannel).
    v.regex(/^private-branch-[1-9]\d{0,9}-orders$/, "channel_name must be a branch's order channel"),
    v.transform((name) => ({ name, branchId: Number(name.slice("private-branch-".length, -"-orders".length)) })),
  ),
});

const json = (body: unknown, status = 200, headers: HeadersInit = {}) => Response.json(body, { status, headers: { ...CONSOLE_HEADERS, ...headers } });

/** requireMember's refusals as JSON with the console's headers (a thrown redirect means no session). */
async function memberOrRefusal(request: Request, env: Env): Promise<ConsoleMember | Response> {
  try {
    return await requireMember(request, env, "orders", { copy: true });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return json({ error: "Sign in to the console first." }, 403);
    const status = (thrown as { init?: ResponseInit | null })?.init?.status;
    if (typeof status === "number") return json({ error: status === 404 ? "Not found." : "Your role cannot see orders." }, status);
    throw thrown;
  }
}

export async function realtimeAuthAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  if (request.method !== "POST") return json({ error: "Use POST." }, 405, { Allow: "POST" });
  // The worker already refuses a foreign Origin; a browser's own word on where the call comes from too.
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return json({ error: "Cross-site request refused." }, 403);
  const who = await memberOrRefusal(request, env);
  if (who instanceof Response) return who;

  const form = await readForm(request);
  const parsed = v.safeParse(AuthForm, form ? Object.fromEntries(form) : undefined);
  if (!parsed.success) return json({ error: v.summarize(parsed.issues) }, 400);
  const { socket_id, channel_name } = parsed.output;
  const { member, tenant } = who;
  const ownBranch = (await branchesIn(env, tenant, [channel_name.branchId])).length > 0;
  if (!ownBranch || !worksIn(member, channel_name.branchId)) return json({ error: "You do not work in this branch." }, 403);

  const auth = await signChannel(env, socket_id, channel_name.name);
  if (!auth) return missingSecretAnswer(externalRealtime(env) ? "PUSHER_SECRET" : "REALTIME_SECRET", CONSOLE_HEADERS);
  return json({ auth });
}
