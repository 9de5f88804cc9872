// The kitchen printers screen's door (/console/branches/:id/printers, owners and managers): a branch's
// printers in the restaurant's object (../restaurant/printers.ts, by name). A new or renewed key answers the
// printer's server URL once (only the secret's hash is kept: ../printing/printer-key.ts).
import { newPrinterSecret, printerUrl } from "../printing/printer-key";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { branchesIn } from "./reads";

export { MAX_PRINTERS } from "../restaurant/printers";

/** One of the restaurant's branches, or undefined. */
export const printersBranch = async (env: Env, tenant: RestaurantRef, branchId: number) => (await branchesIn(env, tenant)).find((b) => b.id === branchId);

export const printersOf = (env: Env, tenant: RestaurantRef, branchId: number) => restaurantCall(env, tenant, "branchPrinters", branchId);

/** A new printer and its server URL (on `origin`), or null when the branch has as many as it may. */
export async function addBranchPrinter(env: Env, tenant: RestaurantRef, branchId: number, name: string, origin: string) {
  const { secret, hash } = await newPrinterSecret();
  const id = await restaurantCall(env, tenant, "addPrinter", branchId, name, hash, Date.now());
  return id === null ? null : { id, url: printerUrl(origin, tenant.id, id, secret) };
}

/** A new key for the branch's printer: its name and new server URL, or null when it is not the branch's. */
export async function renewBranchPrinter(env: Env, tenant: RestaurantRef, branchId: number, printerId: number, origin: string) {
  const { secret, hash } = await newPrinterSecret();
  const printer = await restaurantCall(env, tenant, "renewPrinterKey", branchId, printerId, hash);
  return printer && { name: printer.name, url: printerUrl(origin, tenant.id, printerId, secret) };
}

export const pairBranchPrinter = (env: Env, tenant: RestaurantRef, branchId: number, printerId: number, mac: string) =>
  restaurantCall(env, tenant, "pairPrinter", branchId, printerId, mac);

export const removeBranchPrinter = (env: Env, tenant: RestaurantRef, branchId: number, printerId: number) =>
  restaurantCall(env, tenant, "removePrinter", branchId, printerId);
