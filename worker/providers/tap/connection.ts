// Which Tap this deploy speaks to (docs/decisions/0076), as ../zatca.ts chooses ZATCA: TAP_PAYMENTS=on,
// Tap's own API over the network; unset with the demo providers on, the local stand-in
// (../tap-stand-in) called in-process, shown as DEMO; otherwise none, and Tap is refused. Either way it
// needs TAP_KEY_SECRET to open a restaurant's sealed key, and a restaurant's country Tap serves here.
import { demoProviders } from "../demo";
import { tapApi, type TapApi } from "./api";
import { tapSealKey, unsealTapKey } from "./seal";
import { restaurantCall, type RestaurantRef } from "../../restaurant/stub";
import { STAND_IN_BASE, tapStandIn } from "../tap-stand-in";

/** Tap's own API. */
const TAP_BASE = "https://api.tap.company";

/** Kuwait, Saudi Arabia, Bahrain, Qatar and Oman: where a restaurant may pay through Tap here (KNET, mada, Benefit, NAPS, OmanNet). */
export const TAP_COUNTRIES: ReadonlySet<string> = new Set(["KW", "SA", "BH", "QA", "OM"]);

export interface TapSite {
  base: string;
  transport: (request: Request) => Promise<Response>;
  /** The stand-in: its pages say DEMO, and it takes only its own test keys. */
  demo: boolean;
}

/** This deploy's Tap, or null (neither TAP_PAYMENTS=on nor the demo providers). */
export function tapSite(env: Env): TapSite | null {
  if (env.TAP_PAYMENTS === "on") return { base: TAP_BASE, transport: (request) => fetch(request), demo: false };
  if (!env.TAP_PAYMENTS && demoProviders(env)) return { base: STAND_IN_BASE, transport: async (request) => tapStandIn.fetch(request, env), demo: true };
  return null;
}

/** Tap, with the restaurant's own key opened, when the restaurant is connected and active here; else null. */
export async function restaurantTap(
  env: Env,
  restaurant: RestaurantRef & { country?: string | null },
): Promise<{ api: TapApi; key: string; site: TapSite } | null> {
  const site = tapSite(env);
  if (!site || !TAP_COUNTRIES.has((restaurant.country ?? "").toUpperCase())) return null;
  const seal = await tapSealKey(env);
  if (!seal) return null;
  const sealed = await restaurantCall(env, restaurant, "sealedTapKey");
  const key = sealed && (await unsealTapKey(seal, restaurant.id, sealed));
  return key ? { api: tapApi(site.base, key, site.transport), key, site } : null;
}
