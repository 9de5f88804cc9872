// /console/switches: the board's sold-out ("86") search and its two switches, sold out and pause.
// A resource route: the board's panels load and post here with fetchers.
import type { Route } from "./+types/switches";
import { loadSwitchDishes, switchAction } from "./switches.server";

export const loader = ({ request, context }: Route.LoaderArgs) => loadSwitchDishes(request, context);
export const action = ({ request, context }: Route.ActionArgs) => switchAction(request, context);
