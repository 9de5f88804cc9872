// The kitchen printers' endpoint, Star CloudPRNT Version HTTP (docs/decisions/0057), at
// /cloudprnt/{key} on the site's own hosts. POST: the printer's poll (its status; a ticket waiting?).
// GET ?mac&type&token: the ticket, read only (a printer may fetch it again). DELETE ?mac&code&token (or
// GET with `delete`, the protocol's other way): printed, or kept waiting. A key that is not a printer's is
// a 404 after one read of the object; every query and body is parsed with valibot (400/413/415/422).
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { restaurantOfBranch } from "../directory/directory";
import { orderRestaurant } from "../directory/order-restaurants";
import { publishBoard } from "../restaurant/board-events";
import type { PrinterAnswer, PrinterCall } from "../restaurant/printer-calls";
import { restaurantObject } from "../restaurant/stub";
import { normalMac } from "../rules/printers";
import { readPrinterKey } from "./printer-key";
import { ticketLines, ticketText } from "./ticket";

/** A poll's JSON is a few hundred bytes; a printer with every peripheral reporting stays far below this. */
const POLL_BODY_BYTES = 16 * 1024;
/** The ticket's formats, best first: the printer picks the first it supports (image/png: every current model, Arabic shaped). */
const MEDIA_TYPES = ["image/png", "text/plain"] as const;
/** 80 mm paper at 203 dpi (mC-Print3, TSP100IV, TSP650II). */
const TICKET_DOTS = 576;

/** A status or result code as printers send it ("200%20OK", "200 OK", "OK"): decoded, one line, at most 64 characters. */
const Code = v.pipe(
  v.string("a text"),
  v.maxLength(256, "at most 256 characters"),
  v.transform((text) => {
    let decoded = text;
    try {
      decoded = decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      // Not percent-encoded: as it came.
    }
    return decoded
      .replace(/\p{Cc}/gu, " ")
      .trim()
      .slice(0, 64);
  }),
  v.regex(/^(\d{3}|OK)\b/i, 'a status code ("200 OK")'),
);
const Mac = v.pipe(v.string("a MAC address"), v.maxLength(64, "a MAC address"), v.transform(normalMac), v.string("a MAC address (00:11:62:AA:BB:CC)"));
const Token = v.pipe(v.string("a job token"), v.regex(/^[0-9a-f]{32}$/, "a job token"));

const Poll = v.looseObject({
  statusCode: Code,
  printerMAC: v.optional(v.nullable(Mac)),
});
const JobQuery = v.looseObject({ mac: Mac, type: v.pipe(v.string(), v.maxLength(100, "a media type")), token: Token });
const ConfirmQuery = v.looseObject({ mac: Mac, code: Code, token: Token });

type App = { Bindings: Env };

/** The query's parameters, each at most once (a repeated one is refused as that parameter). */
function query(c: Context<App>): Record<string, string | undefined> {
  const params = new URL(c.req.url).searchParams;
  return Object.fromEntries([...new Set(params.keys())].map((name) => [name, params.getAll(name).length === 1 ? params.get(name)! : undefined]));
}

/** A refusal naming what is wrong: `where` the parameter or field. */
function refuse(c: Context<App>, status: 400 | 422, issues: v.BaseIssue<unknown>[]) {
  const issue = issues[0]!;
  const where = issue.path?.map((p) => String(p.key)).join(".") ?? "body";
  return c.json({ error: `${where}: ${issue.input === undefined ? "required" : `must be ${issue.message}`}` }, status);
}

const notFound = (c: Context<App>) => c.json({ error: "No such printer, or not this key" }, 404);

/** Asks the key's restaurant object; null: not a key at all. */
async function ask(c: Context<App>, call: (who: { printerId: number; keyHash: string }) => PrinterCall) {
  const key = await readPrinterKey(c.req.param("key") ?? "");
  if (!key) return null;
  const answer: PrinterAnswer = await restaurantObject(c.env, { id: key.restaurantId }).printerCall(call(key));
  return { ...key, answer };
}

/**
 * The restaurant's names on a ticket: its directory row as this place's cache keeps it (by the printer's
 * branch), so a ticket reads no D1 once warm (every ticket of every printer did: docs/decisions/0087).
 */
async function ticketNames(env: Env, restaurantId: number, branchId: number): Promise<{ name_en: string; name_ar: string }> {
  const cached = await restaurantOfBranch(env, branchId);
  const row = cached?.id === restaurantId ? cached : await orderRestaurant(env.DB, restaurantId);
  return row ?? { name_en: "", name_ar: "" };
}

/** The printer polled again after being offline: the branch's board hears it (its notice goes). */
async function tellBoard(env: Env, restaurantId: number, branchId: number, printerId: number) {
  const restaurant = await orderRestaurant(env.DB, restaurantId);
  if (!restaurant) return;
  await publishBoard(env, restaurant, branchId, { printer: printerId });
}

async function confirm(c: Context<App>) {
  const parsed = v.safeParse(ConfirmQuery, query(c));
  if (!parsed.success) return refuse(c, 400, parsed.issues);
  const { mac, code, token } = parsed.output;
  const printed = /^(2\d\d|OK)\b/i.test(code);
  const asked = await ask(c, (who) => ({ ...who, kind: "confirm", mac, token, code, printed, now: Date.now() }));
  if (!asked?.answer.found || asked.answer.mac === "unpaired") return notFound(c);
  if (asked.answer.mac === "other") return c.json({ error: "This printer is paired with another MAC address" }, 403);
  if (asked.answer.kind !== "confirm") return notFound(c);
  const { outcome } = asked.answer;
  if (outcome === "none") return c.json({ error: "No such job" }, 404);
  if (outcome === "done") return c.json({ error: "This job was already printed" }, 409);
  return c.json({ ok: true, printed: outcome === "printed" });
}

export const cloudprntApp = new Hono<App>()
  .basePath("/cloudprnt")
  .use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  })
  .post(
    "/:key",
    bodyLimit({ maxSize: POLL_BODY_BYTES, onError: (c) => c.json({ error: `The poll's body is over ${POLL_BODY_BYTES} bytes` }, 413) }),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ error: "The poll's body must be JSON" }, 400);
      }
      const parsed = v.safeParse(Poll, body);
      if (!parsed.success) return refuse(c, 422, parsed.issues);
      const now = Date.now();
      const mac = parsed.output.printerMAC ?? null;
      const asked = await ask(c, (who) => ({ ...who, kind: "poll", mac, status: parsed.output.statusCode, now }));
      if (!asked?.answer.found) return notFound(c);
      const { answer } = asked;
      if (answer.mac === "other") return c.json({ jobReady: false, error: "This printer is paired with another MAC address" }, 403);
      if (answer.mac === "unpaired" || answer.kind !== "poll") return c.json({ jobReady: false });
      if (answer.backOnline) c.executionCtx.waitUntil(tellBoard(c.env, asked.restaurantId, answer.branchId, asked.printerId));
      return c.json(answer.token ? { jobReady: true, mediaTypes: MEDIA_TYPES, jobToken: answer.token } : { jobReady: false });
    },
  )
  .get("/:key", async (c) => {
    if (new URL(c.req.url).searchParams.has("delete")) return confirm(c);
    const parsed = v.safeParse(JobQuery, query(c));
    if (!parsed.success) return refuse(c, 400, parsed.issues);
    const { mac, type, token } = parsed.output;
    const asked = await ask(c, (who) => ({ ...who, kind: "job", mac, token }));
    if (!asked?.answer.found || asked.answer.mac === "unpaired") return notFound(c);
    if (asked.answer.mac === "other") return c.json({ error: "This printer is paired with another MAC address" }, 403);
    if (asked.answer.kind !== "job" || !asked.answer.order) return c.json({ error: "No such job waiting" }, 404);
    const media = type.trim().toLowerCase();
    if (!(MEDIA_TYPES as readonly string[]).includes(media)) return c.json({ error: `This job is offered as ${MEDIA_TYPES.join(", ")}` }, 415);
    const lines = ticketLines(await ticketNames(c.env, asked.restaurantId, asked.answer.branchId), asked.answer.order);
    if (media === "text/plain") return c.body(ticketText(lines), 200, { "Content-Type": "text/plain; charset=utf-8" });
    // The renderer (wasm and fonts, ~1 MB) loads on a printer's fetch only, never on a page's path.
    const { ticketPng } = await import("./ticket-image");
    return c.body(new Uint8Array(await ticketPng(lines, { widthDots: TICKET_DOTS })), 200, { "Content-Type": "image/png" });
  })
  .delete("/:key", confirm);
