// SMS goes through a provider, chosen by the deployment's settings (docs/DESIGN.md "Demo and production"):
// SMS_PROVIDER=twilio sends through Twilio (./twilio.ts) whatever DEMO_PROVIDERS says; without a
// provider, the demo outbox (DEMO_PROVIDERS=on only) keeps the codes where only a demo build can read
// them (GET /api/dev/outbox), so demos and tests can finish the flow. Otherwise sendOtp answers a clear 503.
import { getCountries } from "libphonenumber-js/min";
import { demoProviders } from "./demo";
import { toE164 } from "../rules/e164";
import { sayOnce } from "./say-once";
import { addOutboxText, outboxTextsTo } from "../directory/sms-outbox";
import { twilioProvider, twilioSettings } from "./twilio";

/** One message: the number in E.164 (worker/rules/e164.ts) and the text. */
interface SmsMessage {
  e164: string;
  body: string;
}

/**
 * Why a message was not sent: `recipient` when the provider says the number cannot take it (the
 * diner's phone is the problem), `provider` for anything else (down, refusing us, timed out).
 * `code` is the provider's own error code, when it gave one.
 */
export type SmsResult = { ok: true } | { ok: false; reason: "recipient" | "provider"; code: number | null; detail: string };

export interface SmsProvider {
  /** True for the demo outbox: no SMS leaves the site, and the diner is told so. */
  readonly demo: boolean;
  send(message: SmsMessage): Promise<SmsResult>;
}

function outboxProvider(db: D1Database): SmsProvider {
  return {
    demo: true,
    async send({ e164, body }) {
      // Stored under the number it goes to, one spelling per person: `GET /api/dev/outbox?phone=` reads
      // what it is asked for as the API reads a diner's number, so any spelling of it finds the code.
      await addOutboxText(db, e164, body, Date.now());
      return { ok: true };
    },
  };
}

function refuse(message: string): null {
  sayOnce(message);
  return null;
}

/** The provider for this deployment, or null when it has none (sendOtp then answers 503). */
export function smsProvider(env: Env): SmsProvider | null {
  if (env.SMS_PROVIDER === "twilio") {
    const settings = twilioSettings(env);
    return settings.ok ? twilioProvider(settings.value) : refuse(`SMS_PROVIDER=twilio but ${settings.missing}: codes are refused (503) until it is set.`);
  }
  // A provider was asked for by a name we do not know: refuse rather than fall back to the outbox.
  if (env.SMS_PROVIDER) return refuse(`SMS_PROVIDER=${JSON.stringify(env.SMS_PROVIDER)} is not a known provider (use "twilio"): codes are refused (503).`);
  return demoProviders(env) ? outboxProvider(env.DB) : null;
}

/**
 * The outbox's latest texts to a number however it is written (GET /api/dev/outbox): "+971…" (a bare "+"
 * in a query arrives as a space), or a local spelling read in `country`, else in every country (a demo
 * or test reads the code it just had sent; the outbox holds only numbers that were texted).
 */
export async function outboxTexts(db: D1Database, asked: string, country: string | undefined) {
  const typed = asked.replace(/\s+/g, "");
  const numbers = new Set([typed, ...(country ? [country] : getCountries()).flatMap((k) => toE164(typed, k) ?? [])]);
  return outboxTextsTo(db, [...numbers]);
}

/** The outbox is readable only where codes are not real secrets: with the demo providers on. */
export const outboxReadable = (env: Env) => demoProviders(env);
