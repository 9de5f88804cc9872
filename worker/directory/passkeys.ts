// Passkeys (WebAuthn) for the console: a signed-in person adds one, anyone signs in with one. Every
// challenge is made here, kept in D1 for 5 minutes and taken once (a registration's only by the session
// it was issued to). The WebAuthn library is imported only when a passkey call needs it (docs/STACK.md).
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import * as v from "valibot";
import type { NetworkKey } from "../rules/network-key";

// The library's certificate code (@peculiar/x509 → tsyringe) needs Reflect's metadata API when it loads.
// It imports the polyfill itself, but bundled, the polyfill (CommonJS) runs after tsyringe (ESM) and
// the worker's build throws "tsyringe requires a reflect polyfill": so it is loaded first, apart.
const polyfilled = () => import("reflect-metadata");
const webauthn = () => polyfilled().then(() => import("@simplewebauthn/server"));
const helpers = () => polyfilled().then(() => import("@simplewebauthn/server/helpers"));

const CHALLENGE_TTL_MS = 5 * 60_000;
const PASSKEY_NAME_MAX = 60;

/** Who the passkey is for: the site as the browser sees this request (RP ID = host name, origin). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}
export const relyingParty = (url: URL, name: string): RelyingParty => ({ id: url.hostname, origin: url.origin, name });

/** The user handle a person's passkeys carry (no phone or name in it). */
const userHandle = (personId: number) => new TextEncoder().encode(`person:${personId}`);

export interface PasskeyRow {
  id: string;
  name: string | null;
  created_at: number;
  last_used_at: number | null;
}

export const passkeysOf = async (db: D1Database, personId: number) =>
  (await db.prepare("SELECT id, name, created_at, last_used_at FROM passkeys WHERE person_id = ? ORDER BY created_at").bind(personId).all<PasskeyRow>())
    .results;

/** Removes one of the person's own passkeys; false when they have none by that id. */
export const removePasskey = async (db: D1Database, personId: number, id: string) =>
  (await db.prepare("DELETE FROM passkeys WHERE id = ? AND person_id = ?").bind(id, personId).run()).meta.changes === 1;

/** Unanswered challenges one client network may hold at once (each lives CHALLENGE_TTL_MS), and all of them. */
export const LIVE_CHALLENGES = { perNetwork: 20, all: 5000 } as const;

/**
 * Stores a challenge, claimed by one conditional write: only while the asking network holds fewer
 * than its share of live ones (and the table its bound), so no loop of calls fills D1. False: refused.
 */
async function storeChallenge(
  db: D1Database,
  challenge: string,
  purpose: "register" | "sign-in",
  sessionHash: string | null,
  network: NetworkKey,
  now: number,
) {
  const [, stored] = await db.batch([
    // Spent and unanswered challenges are no use: each new one clears a bounded few.
    db.prepare("DELETE FROM webauthn_challenges WHERE challenge IN (SELECT challenge FROM webauthn_challenges WHERE expires_at <= ? LIMIT 20)").bind(now),
    db
      .prepare(
        `INSERT INTO webauthn_challenges (challenge, purpose, session_hash, network, expires_at) SELECT ?1, ?2, ?3, ?4, ?5
       WHERE (SELECT count(*) FROM webauthn_challenges WHERE network = ?4 AND expires_at > ?6) < ${LIVE_CHALLENGES.perNetwork}
         AND (SELECT count(*) FROM webauthn_challenges WHERE expires_at > ?6) < ${LIVE_CHALLENGES.all}
       RETURNING challenge`,
      )
      .bind(challenge, purpose, sessionHash, network, now + CHALLENGE_TTL_MS, now),
  ]);
  return stored!.results.length === 1;
}

/** Takes the challenge the browser answered, once: only if we issued it for this purpose (and session) and it is fresh. */
async function takeChallenge(db: D1Database, clientDataJSON: string, purpose: "register" | "sign-in", sessionHash: string | null, now: number) {
  const { decodeClientDataJSON } = await helpers();
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== "string") return null;
  const row = await db
    .prepare("DELETE FROM webauthn_challenges WHERE challenge = ? AND purpose = ? AND session_hash IS ? AND expires_at > ? RETURNING challenge")
    .bind(challenge, purpose, sessionHash, now)
    .first<{ challenge: string }>();
  return row?.challenge ?? null;
}

const B64url = v.pipe(v.string(), v.maxLength(4096), v.regex(/^[A-Za-z0-9_-]*={0,2}$/));
const Extensions = v.optional(v.record(v.string(), v.unknown()), {});
/** A credential as @simplewebauthn/browser sends it, around the ceremony's own `response` fields. */
const credential = <E extends v.ObjectEntries>(response: E) =>
  v.object({
    id: B64url,
    rawId: B64url,
    type: v.literal("public-key"),
    response: v.object(response),
    authenticatorAttachment: v.optional(v.picklist(["platform", "cross-platform"])),
    clientExtensionResults: Extensions,
  });
/** The browser's answer to a registration (@simplewebauthn/browser's startRegistration). */
export const RegistrationBody = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(PASSKEY_NAME_MAX)), ""),
  response: credential({ clientDataJSON: B64url, attestationObject: B64url, transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(20)))) }),
});
/** The browser's answer to a sign-in (@simplewebauthn/browser's startAuthentication). */
export const AuthenticationBody = v.object({
  response: credential({ clientDataJSON: B64url, authenticatorData: B64url, signature: B64url, userHandle: v.optional(B64url) }),
});

/** Options for adding a passkey; the challenge is bound to the asking session. */
export async function registrationOptions(
  db: D1Database,
  rp: RelyingParty,
  person: { id: number; phone: string; name: string },
  sessionHash: string,
  network: NetworkKey,
  now = Date.now(),
) {
  const { generateRegistrationOptions } = await webauthn();
  const existing = await db.prepare("SELECT id, transports FROM passkeys WHERE person_id = ?").bind(person.id).all<{ id: string; transports: string | null }>();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.phone,
    userDisplayName: person.name || person.phone,
    userID: userHandle(person.id),
    attestationType: "none",
    // A discoverable credential: signing in needs no phone first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    excludeCredentials: existing.results.map((p) => ({ id: p.id, transports: p.transports ? JSON.parse(p.transports) : undefined })),
  });
  return (await storeChallenge(db, options.challenge, "register", sessionHash, network, now)) ? options : null;
}

export type RegisterResult = { ok: true; id: string } | { ok: false; problem: "challenge" | "invalid" | "taken" };

/** Verifies the browser's new credential and keeps it for the person. */
export async function registerPasskey(
  db: D1Database,
  rp: RelyingParty,
  personId: number,
  sessionHash: string,
  body: v.InferOutput<typeof RegistrationBody>,
  now = Date.now(),
): Promise<RegisterResult> {
  const challenge = await takeChallenge(db, body.response.response.clientDataJSON, "register", sessionHash, now);
  if (!challenge) return { ok: false, problem: "challenge" };
  const { verifyRegistrationResponse } = await webauthn();
  const verified = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return { ok: false, problem: "invalid" };
  const { credential } = verified.registrationInfo;
  const { isoBase64URL } = await helpers();
  const stored = await db
    .prepare("INSERT INTO passkeys (id, person_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
    .bind(
      credential.id,
      personId,
      isoBase64URL.fromBuffer(credential.publicKey),
      credential.counter,
      credential.transports ? JSON.stringify(credential.transports) : null,
      body.name || null,
      now,
    )
    .run();
  return stored.meta.changes === 1 ? { ok: true, id: credential.id } : { ok: false, problem: "taken" };
}

/** Options for signing in with any passkey of this site (discoverable: the browser offers them); null: too many asked. */
export async function authenticationOptions(db: D1Database, rp: RelyingParty, network: NetworkKey, now = Date.now()) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  return (await storeChallenge(db, options.challenge, "sign-in", null, network, now)) ? options : null;
}

export type AuthenticateResult = { ok: true; personId: number } | { ok: false; problem: "challenge" | "unknown" | "invalid" };

/** Verifies a sign-in with a passkey; the caller starts the session for the person it returns. */
export async function authenticatePasskey(
  db: D1Database,
  rp: RelyingParty,
  body: v.InferOutput<typeof AuthenticationBody>,
  now = Date.now(),
): Promise<AuthenticateResult> {
  const challenge = await takeChallenge(db, body.response.response.clientDataJSON, "sign-in", null, now);
  if (!challenge) return { ok: false, problem: "challenge" };
  const passkey = await db
    .prepare("SELECT id, person_id, public_key, counter, transports FROM passkeys WHERE id = ?")
    .bind(body.response.id)
    .first<{ id: string; person_id: number; public_key: string; counter: number; transports: string | null }>();
  if (!passkey) return { ok: false, problem: "unknown" };
  const { isoBase64URL } = await helpers();
  // The authenticator says whose credential it is: it must be the person the credential was added for.
  const handle = body.response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(userHandle(passkey.person_id))) return { ok: false, problem: "invalid" };
  const { verifyAuthenticationResponse } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response: body.response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: passkey.counter,
      transports: passkey.transports ? JSON.parse(passkey.transports) : undefined,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return { ok: false, problem: "invalid" };
  await db.prepare("UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?").bind(verified.authenticationInfo.newCounter, now, passkey.id).run();
  return { ok: true, personId: passkey.person_id };
}
