// The browser's half of passkeys: options from /console/passkey/…, the device's ceremony through
// @simplewebauthn/browser (loaded only when a passkey button is pressed), the answer back for checking.
export type PasskeyOutcome = { ok: true; next: string } | { ok: false; problem: "unsupported" | "cancelled" | "unknown" | "taken" | "failed" };

import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

// Options (to hand to the device) or a verdict ({ ok, next }).
type Answer = { ok?: boolean; next?: string } & Record<string, unknown>;

async function post(step: string, body: unknown): Promise<{ status: number; json: Answer | null }> {
  const res = await fetch(`/console/passkey/${step}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Answer | null };
}

const outcome = (status: number, json: Answer | null): PasskeyOutcome =>
  status === 200 && json?.ok
    ? { ok: true, next: String(json.next ?? "/console") }
    : { ok: false, problem: status === 404 ? "unknown" : status === 409 ? "taken" : "failed" };

/** Signs in with a passkey of this site; the server answers with the session cookie and where to go. */
export async function signInWithPasskey(next: string): Promise<PasskeyOutcome> {
  const { browserSupportsWebAuthn, startAuthentication } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return { ok: false, problem: "unsupported" };
  const options = await post("sign-in-options", {});
  if (options.status !== 200) return { ok: false, problem: "failed" };
  const response = await startAuthentication({ optionsJSON: options.json as unknown as PublicKeyCredentialRequestOptionsJSON }).catch(() => null);
  if (!response) return { ok: false, problem: "cancelled" };
  const verified = await post("sign-in", { response, next });
  return outcome(verified.status, verified.json);
}

/** Adds a passkey for the signed-in member, under `name`. */
export async function addPasskey(name: string): Promise<PasskeyOutcome> {
  const { browserSupportsWebAuthn, startRegistration } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return { ok: false, problem: "unsupported" };
  const options = await post("register-options", {});
  if (options.status !== 200) return { ok: false, problem: "failed" };
  const response = await startRegistration({ optionsJSON: options.json as unknown as PublicKeyCredentialCreationOptionsJSON }).catch(() => null);
  if (!response) return { ok: false, problem: "cancelled" };
  const verified = await post("register", { response, name });
  return outcome(verified.status, verified.json);
}
