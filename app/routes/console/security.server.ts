// /console/security on the server: the member's passkeys (remove one) and "sign out everywhere".
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember, sessionClearCookie } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { passkeysOf, removePasskey } from "../../../worker/api/console/passkeys";
import { endEverySession } from "../../../worker/api/console/sessions";

export async function loadSecurity(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { personId } = await requireMember(request, env);
  return data({ passkeys: await passkeysOf(env.DB, personId) }, { headers: CONSOLE_HEADERS });
}

const Body = v.variant("intent", [
  v.object({ intent: v.literal("remove"), id: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) }),
  v.object({ intent: v.literal("everywhere") }),
]);

export type SecurityAnswer = { ok: true; done: "removed" } | { ok: false; error: "input" | "not_found" };

export async function securityAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { personId } = await requireMember(request, env);
  const parsed = v.safeParse(Body, await readFields(request));
  if (!parsed.success) return data({ ok: false, error: "input" } satisfies SecurityAnswer, { status: 400, headers: CONSOLE_HEADERS });
  if (parsed.output.intent === "everywhere") {
    await endEverySession(env.DB, personId);
    throw redirect("/console/sign-in", { status: 303, headers: { ...CONSOLE_HEADERS, "Set-Cookie": sessionClearCookie(request) } });
  }
  // Only the member's own passkeys: another's id is "not found", whoever holds it.
  if (!(await removePasskey(env.DB, personId, parsed.output.id))) return data({ ok: false, error: "not_found" } satisfies SecurityAnswer, { status: 404, headers: CONSOLE_HEADERS });
  return data({ ok: true, done: "removed" } satisfies SecurityAnswer, { headers: CONSOLE_HEADERS });
}
