// Sign-up's door (/signup): whether an address is free, a suggested one, and the new restaurant made in
// both stores: the directory's rows first (all or nothing), then its first branch and empty menu in its
// own object, then a fresh cache version for its address (one looked up while free is read afresh).
import { createRestaurantRows, type NewRestaurant } from "../directory/signup";
import { bumpTenantVersion } from "../directory/versions";
import { restaurantCall } from "../restaurant/stub";
import { likelyZone } from "../rules/zones";

export { domainAvailability, suggestDomain } from "../directory/signup";

/** The restaurant's and owner's ids, "taken" when the address went first, or "drafts" when the owner already has the most drafts. */
export async function createRestaurant(
  env: Env,
  input: NewRestaurant,
  now = Date.now(),
): Promise<{ restaurantId: number; personId: number } | "taken" | "drafts"> {
  const made = await createRestaurantRows(env.DB, input, now);
  if (typeof made === "string") return made;
  await restaurantCall(env, { id: made.restaurantId, country: input.country }, "openFirstBranch", {
    id: made.branchId,
    name_en: input.name_en,
    name_ar: input.name_ar,
    time_zone: input.time_zone ?? likelyZone(input.country),
  });
  await bumpTenantVersion(env, input.domain);
  return { restaurantId: made.restaurantId, personId: made.personId };
}
