// Signing out: this session ends (others of the person stay), its cookie goes, and the sign-in page follows.
import { redirect, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, consoleUser, sessionClearCookie } from "~/lib/console-session.server";
import { endSession } from "../../../worker/directory/sessions";

export async function signOutAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const user = await consoleUser(request, env);
  if (user) await endSession(env.DB, user.idHash);
  return redirect("/console/sign-in", { status: 303, headers: { ...CONSOLE_HEADERS, "Set-Cookie": sessionClearCookie(request) } });
}
