// The console layout's loader: the signed-in member (or the sign-in page), their restaurants and role.
import { data } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { pendingInvitations } from "../../../worker/console/session";
import type { RouterContextProvider } from "react-router";

export async function loadConsole(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, memberships, personId } = await requireMember(request, env);
  const invitations = await pendingInvitations(env, personId);
  return data(
    {
      invitations,
      member: {
        restaurantId: member.restaurant_id,
        domain: member.domain,
        name_en: member.name_en,
        name_ar: member.name_ar,
        role: member.role,
        country: member.country,
      },
      restaurants: memberships.map((m) => ({ id: m.restaurant_id, name_en: m.name_en, name_ar: m.name_ar, role: m.role })),
    },
    { headers: CONSOLE_HEADERS },
  );
}

export type ConsoleData = Awaited<ReturnType<typeof loadConsole>>["data"];
