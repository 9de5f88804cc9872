// SMS goes through a provider. The demo provider writes to an outbox table that only a demo build
// (DEMO_PROVIDERS=on) can read (GET /api/dev/outbox), so demos and tests can finish the flow. Without
// a provider a deploy sends no codes: sendOtp answers a clear 503.
import { demoProviders } from "../../demo";

export interface SmsProvider {
  send(phone: string, body: string): Promise<void>;
}

function outboxProvider(db: D1Database, now = Date.now()): SmsProvider {
  return {
    async send(phone, body) {
      await db.prepare("INSERT INTO sms_outbox (phone, body, created_at) VALUES (?, ?, ?)").bind(phone, body, now).run();
    },
  };
}

/** The provider for this deployment, or null when it has none. A real SMS gateway plugs in here. */
export const smsProvider = (env: Env): SmsProvider | null => (demoProviders(env) ? outboxProvider(env.DB) : null);

/** The outbox is readable only where codes are not real secrets: with the demo providers on. */
export const outboxReadable = (env: Env) => demoProviders(env);
