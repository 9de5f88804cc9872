// Signing out: this session ends (others of the person stay), its cookie and its copy here (the board's,
// worker/console/member-cache.ts) go, and the sign-in page follows.
import { redirect, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, consoleSessionId, consoleUser, sessionClearCookie } from "~/lib/console-session.server";
import { dropSessionCopy, forgetMemberCopies, signOut } from "../../../worker/console/session";

export async function signOutAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const user = await consoleUser(request, env);
  // Its copy here goes at once; the person's restaurants void any other place's (a roaming device's).
  if (user)
    await Promise.all([
      signOut(env, user.idHash),
      dropSessionCopy(consoleSessionId(request)!),
      forgetMemberCopies(
        env,
        user.memberships.map((m) => m.restaurant_id),
      ),
    ]);
  return redirect("/console/sign-in", { status: 303, headers: { ...CONSOLE_HEADERS, "Set-Cookie": sessionClearCookie(request) } });
}
