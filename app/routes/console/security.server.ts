// /console/security on the server: the member's passkeys (remove one), "sign out everywhere", their
// own name (theirs alone) and leaving the current restaurant (never as its last owner).
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember, sessionClearCookie } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { OwnName } from "../../../worker/rules/own-name";
import { leave, removeOwnPasskey, renameSelf, securityOf, signOutEverywhere } from "../../../worker/console/security";

export async function loadSecurity(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { personId, tenant } = await requireMember(request, env);
  // Dates on the current restaurant's calendar (its first branch's zone), the same on the server and the browser.
  return data(await securityOf(env, personId, tenant), { headers: CONSOLE_HEADERS });
}

const Body = v.variant("intent", [
  v.object({ intent: v.literal("remove"), id: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) }),
  v.object({ intent: v.literal("everywhere") }),
  v.object({ intent: v.literal("name"), name: OwnName }),
  v.object({ intent: v.literal("leave") }),
]);

export type SecurityAnswer = { ok: true; done: "removed" | "named" } | { ok: false; error: "input" | "not_found" | "lastOwner" };

export async function securityAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { personId, member, memberships } = await requireMember(request, env);
  const parsed = v.safeParse(Body, await readFields(request));
  if (!parsed.success)
    return data({ ok: false, error: "input" } satisfies SecurityAnswer, {
      status: parsed.issues.some((i) => i.path?.[0]?.key === "name") ? 422 : 400,
      headers: CONSOLE_HEADERS,
    });
  if (parsed.output.intent === "name") {
    await renameSelf(env, personId, parsed.output.name);
    return data({ ok: true, done: "named" } satisfies SecurityAnswer, { headers: CONSOLE_HEADERS });
  }
  if (parsed.output.intent === "leave") {
    const left = await leave(env, personId, member.restaurant_id);
    if (left === "lastOwner") return data({ ok: false, error: "lastOwner" } satisfies SecurityAnswer, { status: 409, headers: CONSOLE_HEADERS });
    throw redirect("/console", { status: 303, headers: CONSOLE_HEADERS });
  }
  if (parsed.output.intent === "everywhere") {
    await signOutEverywhere(
      env,
      personId,
      memberships.map((m) => m.restaurant_id),
    );
    throw redirect("/console/sign-in", { status: 303, headers: { ...CONSOLE_HEADERS, "Set-Cookie": sessionClearCookie(request) } });
  }
  // Only the member's own passkeys: another's id is "not found", whoever holds it.
  if (!(await removeOwnPasskey(env, personId, parsed.output.id)))
    return data({ ok: false, error: "not_found" } satisfies SecurityAnswer, { status: 404, headers: CONSOLE_HEADERS });
  return data({ ok: true, done: "removed" } satisfies SecurityAnswer, { headers: CONSOLE_HEADERS });
}
