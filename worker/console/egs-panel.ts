// What the tax screen shows of ZATCA onboarding (Saudi restaurants only): whether it is available here,
// the stand-in's demo OTP, whether the seller has a VAT number, and each branch with its EGS's state,
// expiry and ZATCA's messages of a failed try. No key, secret or token is ever part of it.
import { zatcaConnection } from "../providers/zatca";
import type { EgsView } from "../restaurant/egs-rows";
import { egsKey } from "../restaurant/egs-seal";
import { restaurantCall } from "../restaurant/stub";
import { branchesIn, type ConsoleTenant } from "./reads";

/** A six-digit OTP the stand-in takes (any but 000000), shown on the demo's screen. */
const DEMO_OTP = "123456";

export interface EgsPanel {
  /** null: not Saudi, or no ZATCA here (the screen says which). */
  environment: EgsView["environment"] | null;
  configured: boolean;
  demoOtp: string | null;
  hasVat: boolean;
  branches: { id: number; name_en: string; name_ar: string; egs: (Omit<EgsView, "messages"> & { messages: { code: string; message: string }[] }) | null }[];
}

export async function egsPanelOf(env: Env, tenant: ConsoleTenant, country: string): Promise<EgsPanel | null> {
  if (country.toUpperCase() !== "SA") return null;
  const connection = zatcaConnection(env);
  const configured = Boolean(connection && (await egsKey(env)));
  const [branches, views, seller] = await Promise.all([
    branchesIn(env, tenant),
    restaurantCall(env, tenant, "egsViews"),
    restaurantCall(env, tenant, "sellerRow"),
  ]);
  const byBranch = new Map(
    views.map((e) => [e.branch_id, { ...e, messages: e.messages ? (JSON.parse(e.messages) as { code: string; message: string }[]) : [] }]),
  );
  return {
    environment: connection?.environment ?? null,
    configured,
    demoOtp: connection?.environment === "stand-in" ? DEMO_OTP : null,
    hasVat: Boolean(seller?.trn),
    branches: branches.map((b) => ({ id: b.id, name_en: b.name_en, name_ar: b.name_ar, egs: byBranch.get(b.id) ?? null })),
  };
}
