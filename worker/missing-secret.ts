// A deploy without a secret that a request needs fails loudly, never with a silent fallback: a log
// line and a 503 that both name the setting (scripts/check-deploy.ts lists them all before a deploy).
export type SecretName = keyof Secrets;

export const missingSecretMessage = (name: SecretName) =>
  `This server is missing its secret ${name}: set it with \`wrangler secret put ${name}\` (README, Deploy).`;

/** Logs the missing secret and gives the JSON answer (503) that names it. */
export function missingSecretAnswer(name: SecretName, headers: Record<string, string> = {}): Response {
  const message = missingSecretMessage(name);
  console.error(`config: ${message}`);
  return Response.json({ error: message }, { status: 503, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Thrown where a page needs a secret; worker/index.ts answers it with a 503 naming the setting. */
export class MissingSecret extends Error {
  constructor(readonly setting: SecretName) {
    super(missingSecretMessage(setting));
    this.name = "MissingSecret";
  }
}

/** The secret's value, or MissingSecret. */
export function requireSecret(env: Secrets, name: SecretName): string {
  const value = env[name];
  if (!value) throw new MissingSecret(name);
  return value;
}
