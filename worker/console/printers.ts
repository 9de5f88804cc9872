// The kitchen printers screen's door (/console/branches/:id/printers, owners and managers): a branch's
// printers in the restaurant's object (../restaurant/printers.ts). A new or renewed key answers the
// printer's server URL once (only the secret's hash is kept: ../printing/printer-key.ts).
import { newPrinterSecret, printerUrl } from "../printing/printer-key";
import { addPrinter, branchPrinters, pairPrinter, removePrinter, renewPrinterKey } from "../restaurant/printers";
import { catalogueStore, type RestaurantRef } from "../restaurant/stub";
import { branchesIn } from "./reads";

export { MAX_PRINTERS } from "../restaurant/printers";

/** One of the restaurant's branches, or undefined. */
export const printersBranch = async (env: Env, tenant: RestaurantRef, branchId: number) => (await branchesIn(env, tenant)).find((b) => b.id === branchId);

export const printersOf = (env: Env, tenant: RestaurantRef, branchId: number) => branchPrinters(catalogueStore(env, tenant), branchId);

/** A new printer and its server URL (on `origin`), or null when the branch has as many as it may. */
export async function addBranchPrinter(env: Env, tenant: RestaurantRef, branchId: number, name: string, origin: string) {
  const { secret, hash } = await newPrinterSecret();
  const id = await addPrinter(catalogueStore(env, tenant), branchId, name, hash);
  return id === null ? null : { id, url: printerUrl(origin, tenant.id, id, secret) };
}

/** A new key for the branch's printer: its name and new server URL, or null when it is not the branch's. */
export async function renewBranchPrinter(env: Env, tenant: RestaurantRef, branchId: number, printerId: number, origin: string) {
  const catalogue = catalogueStore(env, tenant);
  const { secret, hash } = await newPrinterSecret();
  if (!(await renewPrinterKey(catalogue, branchId, printerId, hash))) return null;
  const printer = (await branchPrinters(catalogue, branchId)).find((p) => p.id === printerId);
  return { name: printer?.name ?? "", url: printerUrl(origin, tenant.id, printerId, secret) };
}

export const pairBranchPrinter = (env: Env, tenant: RestaurantRef, branchId: number, printerId: number, mac: string) =>
  pairPrinter(catalogueStore(env, tenant), branchId, printerId, mac);

export const removeBranchPrinter = (env: Env, tenant: RestaurantRef, branchId: number, printerId: number) =>
  removePrinter(catalogueStore(env, tenant), branchId, printerId);
