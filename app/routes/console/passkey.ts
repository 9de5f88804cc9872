// POST /console/passkey/:step: the passkey buttons' JSON calls (passkey.server.ts). Not a page.
import type { Route } from "./+types/passkey";
import { passkeyAction } from "./passkey.server";

export const action = ({ request, context, params }: Route.ActionArgs) => passkeyAction(request, context, params.step);
export const loader = ({ request, context, params }: Route.LoaderArgs) => passkeyAction(request, context, params.step);
