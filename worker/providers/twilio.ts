// Codes by SMS (or WhatsApp) through Twilio's Messages API: one form POST with HTTP Basic auth, so plain
// fetch, no SDK. Settings come from the deployment (wrangler.toml vars, the secret TWILIO_AUTH_TOKEN) and
// are parsed like any outside input: one missing or malformed setting means no provider (./sms.ts).
import * as v from "valibot";
import type { SmsProvider, SmsResult } from "./sms";

const DEFAULT_TWILIO_API_BASE = "https://api.twilio.com";
/** Twilio answers in well under a second; past this the diner is told to try again (claim released). */
export const TWILIO_TIMEOUT_MS = 5_000;
/** Twilio's codes for "this number cannot take the message": invalid To (21211), not a mobile (21614). */
const RECIPIENT_CODES: ReadonlySet<number> = new Set([21211, 21614]);

const setting = (name: string) => v.pipe(v.string(`${name} is missing`), v.trim(), v.minLength(1, `${name} is missing`));
const optionalSetting = v.pipe(v.optional(v.string(), ""), v.trim());

const Settings = v.pipe(
  v.object({
    // It goes into the request's path: letters and digits only.
    accountSid: v.pipe(setting("TWILIO_ACCOUNT_SID"), v.regex(/^[A-Za-z0-9]+$/, "TWILIO_ACCOUNT_SID is not an account SID")),
    // It goes into a Basic auth header: printable ASCII only.
    authToken: v.pipe(setting("the secret TWILIO_AUTH_TOKEN"), v.regex(/^[\x21-\x7e]+$/, "the secret TWILIO_AUTH_TOKEN is malformed")),
    from: v.pipe(
      optionalSetting,
      v.transform((s) => s.replace(/^whatsapp:/, "")),
    ),
    messagingServiceSid: optionalSetting,
    apiBase: v.pipe(
      optionalSetting,
      v.transform((s) => (s || DEFAULT_TWILIO_API_BASE).replace(/\/+$/, "")),
      v.url("TWILIO_API_BASE is not a URL"),
    ),
    whatsapp: v.pipe(
      optionalSetting,
      v.transform((s) => s === "whatsapp"),
    ),
  }),
  v.check((s) => s.from !== "" || s.messagingServiceSid !== "", "TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is missing"),
);
export type TwilioSettings = v.InferOutput<typeof Settings>;

/** This deployment's Twilio settings, or the first thing wrong with them (named for the operator). */
export function twilioSettings(env: Env): { ok: true; value: TwilioSettings } | { ok: false; missing: string } {
  const parsed = v.safeParse(Settings, {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: env.TWILIO_API_BASE,
    whatsapp: env.SMS_CHANNEL,
  });
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, missing: parsed.issues[0].message };
}

/** Twilio's error body: https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions */
const TwilioError = v.object({ code: v.number(), message: v.optional(v.string(), "") });
const Accepted = v.object({ sid: v.string() });

export function twilioProvider(s: TwilioSettings, timeoutMs = TWILIO_TIMEOUT_MS): SmsProvider {
  const url = `${s.apiBase}/2010-04-01/Accounts/${s.accountSid}/Messages.json`;
  const authorization = `Basic ${btoa(`${s.accountSid}:${s.authToken}`)}`;
  const address = (e164: string) => (s.whatsapp ? `whatsapp:${e164}` : e164);
  return {
    demo: false,
    async send({ e164, body }): Promise<SmsResult> {
      const form = new URLSearchParams({ To: address(e164), Body: body });
      // A Messaging Service picks its own sender (per country, per channel); else the one number.
      if (s.messagingServiceSid) form.set("MessagingServiceSid", s.messagingServiceSid);
      else form.set("From", address(s.from));
      let status: number;
      let answer: unknown;
      try {
        // The signal covers the body too: a Twilio that answers headers and then stalls also times out.
        const res = await fetch(url, {
          method: "POST",
          body: form,
          headers: { authorization, accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        answer = await res.json().catch(() => null);
      } catch (error) {
        return { ok: false, reason: "provider", code: null, detail: `Twilio did not answer: ${String(error)}` };
      }
      if (status === 201 && v.is(Accepted, answer)) return { ok: true };
      const error = v.safeParse(TwilioError, answer);
      const code = error.success ? error.output.code : null;
      const detail = `Twilio answered ${status}${error.success ? ` ${error.output.code}: ${error.output.message}` : ""}`;
      return { ok: false, reason: status === 400 && code !== null && RECIPIENT_CODES.has(code) ? "recipient" : "provider", code, detail };
    },
  };
}
