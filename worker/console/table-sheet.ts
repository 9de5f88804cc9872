// The table codes screen's door (/console/branches/:id/codes, owners and managers): the branch (the
// restaurant's own), the public origin its codes point at (its own hostname when it has one), and its
// logo for the printable sheet. The codes themselves are ../rules/table-codes.ts.
import { customHostOf } from "../directory/hosts";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { imageUrl } from "../rules/image-url";
import { branchesIn, type ConsoleBranch, type ConsoleTenant } from "./reads";

export type { ConsoleBranch };

/** One of the restaurant's branches, or undefined. */
export const codesBranch = async (env: Env, tenant: RestaurantRef, branchId: number) => (await branchesIn(env, tenant)).find((b) => b.id === branchId);

/**
 * Where the codes point: the console is served on the site's own hosts only, so the request's origin is
 * the public one; a restaurant with its own hostname gets codes for that host instead (same paths, https).
 */
export async function codesOrigin(env: Env, tenant: ConsoleTenant, requestOrigin: string): Promise<string> {
  const custom = await customHostOf(env.HOSTS, tenant.domain);
  return custom ? `https://${custom}` : requestOrigin;
}

/** The restaurant's logo as the page loads it (null: none). */
export async function logoUrl(env: Env, tenant: RestaurantRef): Promise<string | null> {
  const logo = await restaurantCall(env, tenant, "currentPicture", { kind: "logo", id: 0, text: "logo" });
  return imageUrl(logo);
}
