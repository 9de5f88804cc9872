// GET /send_message?message=…: the spec's test call (a resource route: no page), answered by ./send-message.server.ts.
import type { Route } from "./+types/send-message";
import { sendMessage } from "./send-message.server";

export const loader = ({ request, context }: Route.LoaderArgs) => sendMessage(request, context);
