// POST /console/sign-out (the console frame's button): ends this session only. A GET just goes to sign-in.
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { CONSOLE_HEADERS } from "~/lib/console-session.server";
import { signOutAction } from "./sign-out.server";

export const action = ({ request, context }: Route.ActionArgs) => signOutAction(request, context);
export const loader = () => redirect("/console/sign-in", { headers: CONSOLE_HEADERS });
