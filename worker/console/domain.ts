// The own-domain section's door (/console/domain, owners): the proven host and its DNS record
// (./own-domain.ts) and the claim waiting for its proof (../directory/host-claims.ts); a claim counts
// only once proven.
import { dropClaims as dropClaimRows, openClaim, type HostClaim } from "../directory/host-claims";
import { ownDomainState, type DomainTenant, type OwnDomainState } from "./own-domain";

export { claimHost, proveClaim } from "./host-claim-flow";
export { ownDomainState, parseOwnHost, removeOwnDomain } from "./own-domain";

/** The section's view: the proven host (if any) and the claim waiting for its proof (if any). */
export type DomainView = OwnDomainState & { claim: HostClaim | null };

export async function domainView(env: Env, tenant: DomainTenant, requestHost: string): Promise<DomainView> {
  const [state, claim] = await Promise.all([ownDomainState(env, tenant, requestHost), openClaim(env.DB, tenant.id)]);
  return { ...state, claim };
}

/** Drops the restaurant's unproven claims: whether there were any. */
export const dropClaims = (env: Env, restaurantId: number) => dropClaimRows(env.DB, restaurantId);
