// A kitchen printer's key, the last part of the server URL the owner pastes into the printer
// (`/cloudprnt/{restaurant}-{printer}-{secret}`): it names the restaurant's object and the printer, and
// carries a random secret that is stored only as its SHA-256 (shown once, like an API key).
import { randomHex, sha256 } from "../rules/secrets";

const KEY = /^([1-9]\d{0,9})-([1-9]\d{0,9})-([0-9a-f]{32})$/;

/** A new secret (128 bits) and the hash it is stored under. */
export async function newPrinterSecret(): Promise<{ secret: string; hash: string }> {
  const secret = randomHex(16);
  return { secret, hash: await sha256(secret) };
}

export const printerKey = (restaurantId: number, printerId: number, secret: string) => `${restaurantId}-${printerId}-${secret}`;

/** The server URL on `origin` (the site's own, as the console is opened on it). */
export const printerUrl = (origin: string, restaurantId: number, printerId: number, secret: string) =>
  `${origin}/cloudprnt/${printerKey(restaurantId, printerId, secret)}`;

/** The key's parts and the secret's hash, or null for anything that is not a key. */
export async function readPrinterKey(key: string): Promise<{ restaurantId: number; printerId: number; keyHash: string } | null> {
  const parts = KEY.exec(key);
  if (!parts) return null;
  return { restaurantId: Number(parts[1]), printerId: Number(parts[2]), keyHash: await sha256(parts[3]!) };
}
