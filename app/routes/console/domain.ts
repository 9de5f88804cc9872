// /console/domain: the restaurant's own domain (owners). A resource route: the section on
// /console/branches loads and posts here with a fetcher.
import type { Route } from "./+types/domain";
import { loadOwnDomain, ownDomainAction } from "./domain.server";

export const loader = ({ request, context }: Route.LoaderArgs) => loadOwnDomain(request, context);
export const action = ({ request, context }: Route.ActionArgs) => ownDomainAction(request, context);
