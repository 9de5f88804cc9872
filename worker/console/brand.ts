// The restaurant's colours and social links (owners and managers, /console/branches/brand): the form's
// fields here, the rows in its object (../restaurant/brand-rows.ts), scoped by the member's restaurant
// id, never an id from the form. A save purges the tenant's cache, so diners see it on their next page.
import type { BrandColours, BrandSettings, SocialValues } from "../restaurant/brand-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { bumpTenantVersion } from "../directory/versions";
import type { ConsoleTenant } from "./reads";

export { COLOUR_FIELDS, SOCIAL_MAX, type ColourField } from "../rules/brand-form";

export type { BrandColours, BrandSettings, SocialValues };

/** What is stored now: the colours as saved (null: the product's), and each type's link. */
export const brandSettingsOf = (env: Env, tenant: RestaurantRef): Promise<BrandSettings> => restaurantCall(env, tenant, "brandSettingsOf");

/** Saves the colours (the diner's page reads them as `style`, and the first steps tick on style_primary). */
export async function saveColours(env: Env, tenant: ConsoleTenant, c: BrandColours): Promise<void> {
  await restaurantCall(env, tenant, "saveColours", c);
  await bumpTenantVersion(env, tenant.domain);
}

/** Replaces every social link of the restaurant with these, and its review link, in one transaction. */
export async function saveSocials(env: Env, tenant: ConsoleTenant, values: SocialValues, reviewUrl: string | null): Promise<void> {
  await restaurantCall(env, tenant, "saveSocials", values, reviewUrl);
  await bumpTenantVersion(env, tenant.domain);
}
