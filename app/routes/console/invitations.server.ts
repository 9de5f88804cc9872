// /console/invitations on the server: the signed-in person's pending invitations, accepted (with the
// name they choose for themselves) or declined by them alone; accepting opens the console there, where
// the accepted role starts.
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, consoleUser, landingOf, restaurantSetCookie } from "~/lib/console-session.server";
import { readFields } from "~/lib/form-body.server";
import { notFound } from "~/lib/route-errors.server";
import { accept, decline, invitationsPage } from "../../../worker/console/invitations";
import { OwnName } from "../../../worker/rules/own-name";

async function signedIn(request: Request, context: Readonly<RouterContextProvider>) {
  const app = getApp(context);
  if (app.host.kind !== "app" || app.env.UPSTREAM_URL) throw notFound();
  const user = await consoleUser(request, app.env);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/console/sign-in?next=${encodeURIComponent(url.pathname)}`, { headers: CONSOLE_HEADERS });
  }
  return { env: app.env, user };
}

export async function loadInvitations(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, user } = await signedIn(request, context);
  return data({ ...(await invitationsPage(env, user.personId)), member: user.memberships.length > 0 }, { headers: CONSOLE_HEADERS });
}

const Body = v.variant("intent", [
  v.object({ intent: v.literal("accept"), member: ConsoleId, name: OwnName }),
  v.object({ intent: v.literal("decline"), member: ConsoleId }),
]);

export type InvitationAnswer = { ok: true; done: "declined" } | { ok: false; error: "input" | "gone" };

export async function invitationsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, user } = await signedIn(request, context);
  const parsed = v.safeParse(Body, await readFields(request));
  if (!parsed.success) return data({ ok: false, error: "input" } satisfies InvitationAnswer, { status: 422, headers: CONSOLE_HEADERS });
  const body = parsed.output;
  if (body.intent === "decline") {
    const declined = await decline(env, user.personId, body.member);
    return data(declined ? ({ ok: true, done: "declined" } satisfies InvitationAnswer) : ({ ok: false, error: "gone" } satisfies InvitationAnswer), {
      status: declined ? 200 : 404,
      headers: CONSOLE_HEADERS,
    });
  }
  const accepted = await accept(env, user.personId, body.member, body.name);
  if (!accepted) return data({ ok: false, error: "gone" } satisfies InvitationAnswer, { status: 404, headers: CONSOLE_HEADERS });
  // Opened where the accepted role starts: staff and managers on the orders board, owners on the first steps.
  return redirect(landingOf(accepted.membership), {
    status: 303,
    headers: { ...CONSOLE_HEADERS, "Set-Cookie": restaurantSetCookie(request, accepted.restaurantId) },
  });
}
