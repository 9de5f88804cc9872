// GET /signup/check?domain=…: the sign-up page's live answer on a web address (JSON, never cached).
import type { Route } from "./+types/check";
import { checkDomain } from "./signup.server";

export const loader = ({ request, context }: Route.LoaderArgs) => checkDomain(request, context);
