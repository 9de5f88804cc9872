import { demoProviders } from "../../demo";

// SMS goes through a provider. The development provider writes to an outbox table that only a
// development or test build can read (GET /api/dev/outbox), so demos and tests can finish the flow.
export interface SmsProvider {
  send(phone: string, body: string): Promise<void>;
}

export function outboxProvider(db: D1Database, now = Date.now()): SmsProvider {
  return {
    async send(phone, body) {
      await db.prepare("INSERT INTO sms_outbox (phone, body, created_at) VALUES (?, ?, ?)").bind(phone, body, now).run();
    },
  };
}

/** The provider for this deployment. A real SMS gateway plugs in here. */
export const smsProvider = (env: Env): SmsProvider => outboxProvider(env.DB);

/** The outbox is readable only where codes are not real secrets: with the demo providers on. */
export const outboxReadable = (env: Env) => demoProviders(env);
