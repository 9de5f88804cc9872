// The tax screen's door (/console/tax, owners): the restaurant as a seller (./seller.ts), its
// documents by month with the accountant's CSV (./invoice-list.ts) and each Phase-2 document's XML (alone, or
// the month's with the CSV in a ZIP: ./month-zip.ts), on the restaurant's calendar, and a Saudi restaurant's ZATCA onboarding per branch (./egs-panel.ts).
// A saved seller purges the tenant's cache: the diner's cart shows the VAT and the charge, checkout the tips.
import { bumpTenantVersion } from "../directory/versions";
import { restaurantCall } from "../restaurant/stub";
import { egsPanelOf } from "./egs-panel";
import { invoicesOfMonth } from "./invoice-list";
import { restaurantZone, type ConsoleTenant } from "./reads";
import { saveSeller, sellerOf, type SellerInput } from "./seller";

export { fieldErrors } from "../rules/menu-forms";
export { invoicesCsv, MONTH, monthOf } from "./invoice-list";
export { monthZip, phase2FileName } from "./month-zip";
export { SellerForm, type SellerProblem } from "./seller";
export { restaurantZone };

/** The seller's form, the month's documents (at most 500, the screen's page) with their totals, and a Saudi restaurant's ZATCA onboarding. */
export async function taxOf(env: Env, tenant: ConsoleTenant, country: string, month: string, timeZone: string) {
  const [seller, invoices, egs] = await Promise.all([
    sellerOf(env, tenant, country),
    invoicesOfMonth(env, tenant, month, timeZone, 500),
    egsPanelOf(env, tenant, country),
  ]);
  return { seller, ...invoices, egs };
}

/** A Phase-2 document's signed XML (the restaurant's own only), or null. */
export const phase2XmlOf = (env: Env, tenant: ConsoleTenant, id: number) => restaurantCall(env, tenant, "phase2Xml", id);

/** Every document of the month, for the CSV. */
export const monthDocuments = async (env: Env, tenant: ConsoleTenant, month: string, timeZone: string) =>
  (await invoicesOfMonth(env, tenant, month, timeZone)).documents;

export async function saveTaxSeller(env: Env, tenant: ConsoleTenant, input: SellerInput): Promise<void> {
  await saveSeller(env, tenant, input);
  await bumpTenantVersion(env, tenant.domain);
}
