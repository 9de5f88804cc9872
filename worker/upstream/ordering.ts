// The ordering calls. Personal data: never cached (Server-Timing says BYPASS), the bearer token
// travels only to the restaurant API, and failures keep the answer's body for the page to explain.
import * as v from "valibot";
import { kindOfStatus, UpstreamError } from "./errors";
import { withTimeout } from "./fetch-json";
import * as s from "./schemas";
import { Invoice, StandardInvoice } from "./invoice-schema";
import { Rated, ServiceCall, ServiceCalls } from "./service-schemas";
import type { ServerTimings } from "./timing";
import type { UpstreamConfig } from "./client";
import type { DinerLanguage } from "../contract/fields";

export interface OrderLineInput {
  product_id: number;
  amount: number;
  sub_option_id: number[];
  note: string;
  /** The embedded API's addition: the unit price the cart showed (major units); a backend without it ignores it. */
  unit_price?: number;
}

export function createOrdering(config: UpstreamConfig, timings: ServerTimings, clientIp: string | null) {
  const base = config.baseUrl.replace(/\/+$/, "");

  async function call<S extends v.GenericSchema>(name: string, path: string, init: RequestInit, schema: S): Promise<v.InferOutput<S>> {
    const started = performance.now();
    const headers = new Headers(init.headers);
    headers.set("accept", "application/json");
    if (clientIp) headers.set("cf-connecting-ip", clientIp); // the embedded API limits code sends per diner IP
    const run = async () => {
      let res: Response;
      try {
        res = await config.fetch(`${base}${path}`, { ...init, headers });
      } catch (error) {
        throw new UpstreamError("unavailable", 502, `${name}: ${String(error)}`);
      }
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) throw new UpstreamError(res.status === 401 ? "invalid" : kindOfStatus(res.status), res.status, `${name} answered ${res.status}`, body);
      const parsed = v.safeParse(v.object({ data: schema }), body);
      if (!parsed.success) throw new UpstreamError("unavailable", 502, `${name} answered an unexpected shape`, body);
      return parsed.output.data;
    };
    try {
      return await withTimeout(run(), config.timeoutMs, name);
    } finally {
      timings.add({ name, desc: "BYPASS", started });
    }
  }

  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    /** `lang`: the text's language, an addition beside the contract (a backend without it ignores it). */
    /** `items`: the embedded API's addition, the cart checked before a code is sent (or, verifying, spent). */
    sendOtp: (body: { domain: string; branch_id: number; name: string; phone: string; lang: DinerLanguage; items?: OrderLineInput[] }) =>
      call("sendOtp", "/sendOtp", json(body), s.SentOtp),
    verifyOtp: (body: { domain: string; branch_id: number; name: string; phone: string; otp_code: string; items?: OrderLineInput[] }) =>
      call("verifyOtp", "/verifyOtp", json(body), s.Verified),
    /** Multipart, as the existing backend takes it; `items` is JSON text. */
    storeOrder: (
      token: string,
      order: { domain: string; branch_id: number; items: OrderLineInput[]; note: string; table_id: number; pickup_at?: number | "asap" },
      idempotencyKey: string,
    ) => {
      const form = new FormData();
      form.set("domain", order.domain);
      form.set("branch_id", String(order.branch_id));
      form.set("items", JSON.stringify(order.items));
      form.set("note", order.note);
      form.set("table_id", String(order.table_id));
      // The embedded API's addition: a pickup order's time (a backend without it ignores the field).
      if (order.pickup_at !== undefined) form.set("pickup_at", String(order.pickup_at));
      return call("storeOrder", "/storeOrder", { method: "POST", body: form, headers: { ...bearer(token), "idempotency-key": idempotencyKey } }, s.StoredOrder);
    },
    orderPayment: (
      body: {
        domain: string;
        branch_id: number;
        items: OrderLineInput[];
        note: string;
        table_id: number;
        nameCustomer: string;
        phoneCustomer: string;
        success_url: string;
        cancel_url: string;
        lang: DinerLanguage;
        /** The embedded API's addition: a tip in major units. */
        tip?: number;
        /** The embedded API's addition: a pickup order's time ("asap" or unix ms). */
        pickup_at?: number | "asap";
      },
      idempotencyKey: string,
    ) => call("orderPayment", "/orderPayment", json({ ...body, items: JSON.stringify(body.items) }, { "idempotency-key": idempotencyKey }), s.PaymentStarted),
    /** Not in the contract (the embedded API's addition): a paid session's return → a token for that order only; 422 otherwise. */
    paymentToken: (body: { domain: string; session: string }) => call("paymentToken", "/paymentToken", json(body), s.PaymentToken),
    getOrders: (token: string, body: { domain: string; phoneCustomer: string; all: 0 | 1 }) =>
      call("getOrder", "/getOrder", json(body, bearer(token)), v.array(s.Order)),
    showOrder: (token: string, orderId: number) => call("showOrder", `/order/show/${orderId}`, { method: "GET", headers: bearer(token) }, s.Order),
    /** Not in the contract (the embedded API's addition): an order's tax invoice or credit note; 404 while it has none. */
    orderInvoice: (token: string, orderId: number, kind: "invoice" | "credit", number: number | null = null) =>
      call(
        "orderInvoice",
        `/order/invoice/${orderId}${kind === "credit" ? `?kind=credit${number === null ? "" : `&number=${number}`}` : ""}`,
        { method: "GET", headers: bearer(token) },
        Invoice,
      ),
    /** Not in the contract (the embedded API's addition): a standard (B2B) invoice cleared by ZATCA; 409 when not possible, 422 a bad field. */
    requestStandardInvoice: (token: string, orderId: number, body: Record<string, string>) =>
      call("requestStandardInvoice", `/order/invoice/${orderId}/standard`, json(body, bearer(token)), StandardInvoice),
    /** Not in the contract (the embedded API's addition): a ready order's rating; 409 not_ready / already_rated. */
    rateOrder: (token: string, orderId: number, body: { stars: number; note: string }) =>
      call("rateOrder", `/order/rate/${orderId}`, json(body, bearer(token)), Rated),
    /** Not in the contract (the embedded API's addition): a call from a table (a waiter, the bill); 409 service_off, 429 when bounded. */
    callService: (body: { domain: string; branch_id: number; table_id: number; kind: "waiter" | "bill"; pay?: "card" | "counter" }) =>
      call("callService", "/service/call", json(body), ServiceCall),
    /** Not in the contract: the table's calls its diners still see (open, or acknowledged a short while ago). */
    tableCalls: (body: { domain: string; branch_id: number; table_id: number }) => call("tableCalls", "/service/calls", json(body), ServiceCalls),
  };
}

export type Ordering = ReturnType<typeof createOrdering>;
