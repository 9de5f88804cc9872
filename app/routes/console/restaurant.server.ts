// The restaurant switcher: the chosen restaurant becomes the console's only if the signed-in person
// is one of its members (otherwise 403 and no cookie), and the one it opens in next time on any
// device; then back to the same console section.
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember, restaurantSetCookie } from "~/lib/console-session.server";
import { safeLocalPath } from "~/lib/safe-path";
import { readForm } from "~/lib/form-body.server";
import { chooseRestaurant } from "../../../worker/console/session";

const Choice = v.object({
  restaurant: ConsoleId,
  returnTo: v.optional(v.string(), "/console"),
});

export async function switchRestaurantAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { memberships, personId } = await requireMember(request, env);
  const form = await readForm(request);
  const choice = v.safeParse(Choice, form ? Object.fromEntries(form) : undefined);
  if (!choice.success) return data({ error: "restaurant must be a restaurant id" }, { status: 400, headers: CONSOLE_HEADERS });
  if (!memberships.some((m) => m.restaurant_id === choice.output.restaurant)) {
    return data({ error: "you are not a member of that restaurant" }, { status: 403, headers: CONSOLE_HEADERS });
  }
  // The console opens here next time, on any device too.
  await chooseRestaurant(env, personId, choice.output.restaurant);
  const back = safeLocalPath(choice.output.returnTo);
  const to = back === "/console" || back.startsWith("/console/") ? back : "/console";
  return redirect(to, { status: 303, headers: { ...CONSOLE_HEADERS, "Set-Cookie": restaurantSetCookie(request, choice.output.restaurant) } });
}
