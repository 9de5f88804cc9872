// Random codes and tokens from the CSPRNG, and the hashes they are stored under. It imports only the
// HMAC rule's hex (with its extension): scripts on plain Node use it as it is.
import { hex } from "./hmac.ts";

/** Six digits, uniformly distributed (rejection sampling avoids modulo bias). */
export function sixDigitCode(): string {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return String(buffer[0]! % 1_000_000).padStart(6, "0");
  }
}

export function randomId(bytes = 24): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** `bytes` random bytes as lower-case hex (an order's public id: 16 bytes, 32 digits). */
export function randomHex(bytes: number): string {
  return hex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Lower-case hex SHA-256 of a text (UTF-8) or of raw bytes (an uploaded picture's name). */
export async function sha256(input: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", typeof input === "string" ? new TextEncoder().encode(input) : input);
  return hex(digest);
}

/** A code's hash is bound to its restaurant and phone, so a hash says nothing on its own. */
export const codeHash = (restaurantId: number, phone: string, code: string) => sha256(`otp:${restaurantId}:${phone}:${code}`);

/** A console code's hash, bound to its purpose and phone. */
export const consoleCodeHash = (purpose: string, phone: string, code: string) => sha256(`console:${purpose}:${phone}:${code}`);
