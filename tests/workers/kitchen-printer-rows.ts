// Kitchen printers in the workers tests (docs/decisions/0057): a printer of a seeded branch with its key, a pending
// order with an Arabic dish, its tickets, and the printer's three CloudPRNT calls through the whole worker.
import { exports } from "cloudflare:workers";
import { addPrinter } from "../../worker/restaurant/printers";
import { newPrinterSecret, printerKey } from "../../worker/printing/printer-key";
import { catalogueOf, catalogueRun } from "./catalogue";
import { ordersOf, SAFFRON_ID, seedOrder } from "./restaurant-rows";

export const MAC = "00:11:62:AA:BB:CC";
export const OTHER_MAC = "00:11:62:00:00:01";

/** A printer of saffron's branch 1 (or another branch), its key; paired with `mac` unless null. */
export async function printer(mac: string | null = MAC, branchId = 1, restaurantId = SAFFRON_ID) {
  const { secret, hash } = await newPrinterSecret();
  const id = (await addPrinter(catalogueOf(restaurantId), restaurantId, branchId, `Line ${branchId}`, hash))!;
  if (mac) await catalogueRun(restaurantId, "UPDATE printers SET mac = ?, last_poll_at = ? WHERE id = ?", mac, Date.now(), id);
  return { id, key: printerKey(restaurantId, id, secret) };
}

/** A pending order of saffron's branch with an Arabic dish, an option and notes. */
export const order = (branchId = 1) =>
  seedOrder(SAFFRON_ID, branchId, { name: "سارة", note: "Ring twice", dish: { name_en: "Falafel", name_ar: "فلافل", note: "بدون بصل" } });
export const setStatus = (orderId: number, status: number) =>
  ordersOf(SAFFRON_ID).prepare("UPDATE orders SET status = ? WHERE id = ?").bind(status, orderId).run();
export const jobsOf = (orderId: number) =>
  ordersOf(SAFFRON_ID)
    .prepare("SELECT printer_id, reason, token, printed_at, attempts, last_code FROM print_jobs WHERE order_id = ? ORDER BY id")
    .bind(orderId)
    .all<{ printer_id: number; reason: string; token: string; printed_at: number | null; attempts: number; last_code: string | null }>()
    .then((r) => r.results);

export const site = (path: string, init: RequestInit = {}) => exports.default.fetch(`http://localhost${path}`, init);
export const poll = (key: string, body: unknown = { statusCode: "200%20OK", printerMAC: MAC.toLowerCase() }) =>
  site(`/cloudprnt/${key}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" } });
export const fetchJob = (key: string, token: string, type = "text/plain", mac = MAC) =>
  site(`/cloudprnt/${key}?uid=1&type=${encodeURIComponent(type)}&mac=${encodeURIComponent(mac)}&token=${token}`);
export const confirm = (key: string, token: string, code = "200 OK", mac = MAC) =>
  site(`/cloudprnt/${key}?mac=${encodeURIComponent(mac)}&code=${encodeURIComponent(code)}&token=${token}`, { method: "DELETE" });

/** No printers (nor tickets) in either seeded restaurant: each test starts here (a branch takes at most four). */
export async function noPrinters() {
  for (const id of [SAFFRON_ID, 2]) await catalogueRun(id, "DELETE FROM printers");
}
