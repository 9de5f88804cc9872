// Signing out: this session ends (others of the person stay), its cookie goes, and the sign-in page follows.
import { redirect, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, consoleUser, sessionClearCookie } from "~/lib/console-session.server";
import { signOut } from "../../../worker/console/session";

export async function signOutAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const user = await consoleUser(request, env);
  if (user) await signOut(env, user.idHash);
  return redirect("/console/sign-in", { status: 303, headers: { ...CONSOLE_HEADERS, "Set-Cookie": sessionClearCookie(request) } });
}
