// GET /console/account/export: all the restaurant's data as one JSON file to download (resource route).
import type { Route } from "./+types/account-export";
import { loadAccountExport } from "./account-export.server";

export const loader = ({ request, context }: Route.LoaderArgs) => loadAccountExport(request, context);
