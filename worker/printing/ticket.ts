// What a kitchen ticket says (docs/decisions/0057), as lines for the printer: the restaurant and branch, the order's
// number, its table or pickup time and the diner's name, each dish with its amount, choices and note, the
// order's note, and when it was placed, on the branch's clock. Text prints as the restaurant typed it:
// the English name, then the Arabic one when it differs; a line whose first letter is Arabic is right to left.
import type { TicketOrder } from "../restaurant/printer-calls";
import type { TicketLine } from "./ticket-image";
import { storedTime } from "../rules/local-time";
import { choiceLine, groupChoices } from "../rules/option-lines";
import { branchOwnName } from "../rules/place-name";
import { dateFormat } from "../rules/date-locale";

/** A line of text (the other kind is a rule across the ticket). */
type TicketText = Exclude<TicketLine, { rule: true }>;

const RULE: TicketLine = { rule: true };
/** The first strong letter decides: Arabic, Hebrew, Syriac, Thaana, N'Ko and their presentation forms are right to left. */
const RTL_FIRST = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

const dirOf = (text: string): "ltr" | "rtl" => (RTL_FIRST.test(text) ? "rtl" : "ltr");

type Style = Omit<TicketText, "text" | "dir">;
const line = (text: string, style: Style = {}): TicketText => ({ text, dir: dirOf(text), ...style });

/** Leading spaces indent a line on the image (a dish's choices and note sit under it). */
const INDENT = "  ";

/** A note, labelled in its own language ("Note: …" / "ملاحظة: …"). */
const note = (text: string, indent = "") => line(`${indent}${dirOf(text) === "rtl" ? "ملاحظة" : "Note"}: ${text}`, { bold: true });

/** "2 x Shawarma": the line takes the name's direction, so the amount reads first either way. */
const dish = (amount: number, name: string): TicketText => ({ text: `${amount} x ${name}`, dir: dirOf(name), size: "large", bold: true });

/** The English text, then the Arabic when there is one and it differs (each its own line). */
function both(en: string, ar: string, style: Style = {}, indent = ""): TicketText[] {
  const texts = [en.trim(), ar.trim()].filter((t, i, all) => t !== "" && all.indexOf(t) === i);
  return texts.map((t) => line(`${indent}${t}`, style));
}

// The ticket's words are English (a kitchen printer's font): its times and dates are too, on the branch's clock.
const clock = (zone: string) => dateFormat({ lang: "en", country: null, zone }, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const day = (zone: string) => dateFormat({ lang: "en", country: null, zone }, { day: "numeric", month: "short" });

export function ticketLines(restaurant: { name_en: string; name_ar: string }, order: TicketOrder): TicketLine[] {
  const zone = order.branch.time_zone;
  const placed = storedTime(order.created_at);
  const where = order.pickup_at === null ? `Table ${order.table_id}` : `Pickup ${clock(zone).format(order.pickup_at)}`;
  return [
    ...both(restaurant.name_en, restaurant.name_ar, { align: "center", bold: true }),
    // The branch only where its name says more than the restaurant's (a one-branch restaurant: once).
    ...both(branchOwnName(restaurant.name_en, order.branch.name_en), branchOwnName(restaurant.name_ar, order.branch.name_ar), { align: "center" }),
    ...(order.reason === "reprint" ? [line("REPRINT", { align: "center", bold: true })] : []),
    RULE,
    line(`Order #${order.num_order}`, { size: "large", bold: true }),
    line(where, { size: "large", bold: true }),
    line(order.name, { bold: true }),
    line(`Placed ${day(zone).format(placed)} ${clock(zone).format(placed)}`),
    RULE,
    ...order.items.flatMap((item) => [
      dish(item.amount, item.name_en.trim() || item.name_ar.trim()),
      ...(item.name_ar.trim() && item.name_ar.trim() !== item.name_en.trim() ? [line(item.name_ar.trim(), { size: "large", bold: true })] : []),
      // Each group once ("Extras: Feta, Avocado"), in English then Arabic.
      ...groupChoices(item.options, (o) => `${o.name_en.trim()}\n${o.name_ar.trim()}`).flatMap(({ group, choices }) => {
        const [en = "", ar = ""] = group.split("\n");
        const names = (key: "sub_name_en" | "sub_name_ar") => choices.map((o) => o[key]);
        return both(choiceLine(en, names("sub_name_en"), "en"), choiceLine(ar, names("sub_name_ar"), "ar"), {}, INDENT);
      }),
      ...(item.note ? [note(item.note, INDENT)] : []),
    ]),
    ...(order.note ? [RULE, note(order.note)] : []),
    RULE,
  ];
}

/** The ticket as plain text (a printer that takes no image prints it with its own font; Arabic may not show). */
export const ticketText = (lines: readonly TicketLine[]) => `${lines.map((l) => ("rule" in l ? "-".repeat(32) : l.text)).join("\n")}\n\n\n`;
