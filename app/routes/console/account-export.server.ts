// GET /console/account/export (owners only): writes the restaurant's data file to R2 (a copy kept there,
// worker/restaurant/data-file.ts) and answers the same file as a private download.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { exportRestaurant } from "../../../worker/console/account";

export async function loadAccountExport(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env, "data");
  const written = await exportRestaurant(env, member.restaurant_id);
  if (!written) throw data({ error: "not-found" }, { status: 404, headers: CONSOLE_HEADERS });
  const day = written.dump.exported_at.slice(0, 10);
  return new Response(written.body, {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="restaurant-${member.domain}-${day}.json"`,
    },
  });
}
