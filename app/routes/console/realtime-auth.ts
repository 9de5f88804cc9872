// POST /console/realtime/auth: pusher-js's channel authorisation call for the orders board (JSON, no screen).
import type { Route } from "./+types/realtime-auth";
import { realtimeAuthAction } from "./realtime-auth.server";

export const action = ({ request, context }: Route.ActionArgs) => realtimeAuthAction(request, context);
export const loader = ({ request, context }: Route.LoaderArgs) => realtimeAuthAction(request, context);
