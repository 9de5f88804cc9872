// Kitchen printers in the workers tests (issue 28): a printer of a seeded branch with its key, a pending
// order with an Arabic dish, its tickets, and the printer's three CloudPRNT calls through the whole worker.
import { exports } from "cloudflare:workers";
import { addPrinter } from "../../worker/restaurant/printers";
import { newPrinterSecret, printerKey } from "../../worker/printing/printer-key";
import { catalogueOf, catalogueRun } from "./catalogue";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";

export const MAC = "00:11:62:AA:BB:CC";
export const OTHER_MAC = "00:11:62:00:00:01";

/** A printer of saffron's branch 1 (or another branch), its key; paired with `mac` unless null. */
export async function printer(mac: string | null = MAC, branchId = 1, restaurantId = SAFFRON_ID) {
  const { secret, hash } = await newPrinterSecret();
  const id = (await addPrinter(catalogueOf(restaurantId), branchId, `Line ${branchId}`, hash))!;
  if (mac) await catalogueRun(restaurantId, "UPDATE printers SET mac = ?, last_poll_at = ? WHERE id = ?", mac, Date.now(), id);
  return { id, key: printerKey(restaurantId, id, secret) };
}

let seq = 0;
/** A pending order of saffron's branch with an Arabic dish, an option and notes. */
export async function order(branchId = 1) {
  const db = ordersOf(SAFFRON_ID);
  const row = await db
    .prepare(
      `INSERT INTO orders (restaurant_id, branch_id, num_order, name, phone, table_id, total_minor, currency, payment, paid, public_id, note)
       VALUES (?1, ?2, (SELECT coalesce(max(num_order), 0) + 1 FROM orders WHERE branch_id = ?2), 'سارة', '+971500000001', 7, 2100, 'AED', 'otp', 0, ?3, 'Ring twice') RETURNING id, num_order`,
    )
    .bind(SAFFRON_ID, branchId, `p${Date.now()}${++seq}`)
    .first<{ id: number; num_order: number }>();
  const item = await db
    .prepare(
      "INSERT INTO order_items (order_id, product_id, name_en, name_ar, unit_minor, amount, note, line) VALUES (?, 1, 'Falafel', 'فلافل', 2100, 2, 'بدون بصل', 1) RETURNING id",
    )
    .bind(row!.id)
    .first<{ id: number }>();
  await db
    .prepare(
      "INSERT INTO order_item_options (order_item_id, sub_option_id, name_en, name_ar, sub_name_en, sub_name_ar, price_minor) VALUES (?, 1, 'Sauce', 'الصلصة', 'Tahini', 'طحينة', 0)",
    )
    .bind(item!.id)
    .run();
  return row!;
}
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
