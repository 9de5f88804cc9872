-- Passkey challenges (worker/directory/passkeys.ts): issued by the server, each used once within
-- 5 minutes; a registration's is bound to the session that asked for it, a sign-in's to none.
CREATE TABLE webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  session_hash TEXT,
  expires_at INTEGER NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
