// The Saudi demo restaurant's last steps (issue 37's demo), which only the running site can take: its
// seller (15 % VAT, a Saudi VAT number) and its branch's e-invoicing registration with the ZATCA
// stand-in, through the same code an owner's screen runs (./seller.ts, ./egs-onboarding.ts). Its
// catalogue is seeded with the others (scripts/seed/saudi.ts). Taken again, it changes nothing.
import * as v from "valibot";
import { restaurantIdOfDomain } from "../directory/order-restaurants";
import { bumpTenantVersion } from "../directory/versions";
import { restaurantCall } from "../restaurant/stub";
import { onboardBranch } from "./egs-onboarding";
import { saveSeller, SellerForm } from "./seller";

export const SAUDI_DEMO = { domain: "najd", branch: 9000 } as const;
/** The stand-in takes any six digits but 000000 as the portal's OTP (docs/zatca-stand-in.md). */
const STAND_IN_OTP = "123456";

const SELLER = {
  legal_name_en: "Najd Kitchen Trading Co.",
  legal_name_ar: "شركة مطبخ نجد التجارية",
  trn: "310123456700003",
  address: "Olaya Street, Al Olaya, Riyadh 12214",
  vat_rate: "15",
  service_rate: "",
  tips: "10, 15",
};

/** The demo's seller and registration, as they now are; null when the demo restaurant is not seeded here. */
export async function setUpSaudiDemo(env: Env): Promise<{ seller: "saved" | "kept"; egs: string } | null> {
  const found = await restaurantIdOfDomain(env.DB, SAUDI_DEMO.domain);
  if (!found) return null;
  const tenant = { id: found.id, country: found.country, domain: SAUDI_DEMO.domain };
  let seller: "saved" | "kept" = "kept";
  if (!(await restaurantCall(env, tenant, "sellerRow"))?.trn) {
    await saveSeller(env, tenant, v.parse(SellerForm("SA"), SELLER));
    await bumpTenantVersion(env, tenant.domain);
    seller = "saved";
  }
  const current = await restaurantCall(env, tenant, "egsView", SAUDI_DEMO.branch);
  if (current?.state === "active") return { seller, egs: "active" };
  const onboarded = await onboardBranch(env, tenant, "SA", SAUDI_DEMO.branch, STAND_IN_OTP);
  return { seller, egs: onboarded.ok ? onboarded.egs.state : onboarded.problem };
}
