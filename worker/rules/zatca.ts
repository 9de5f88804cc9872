// The QR payload of a Saudi tax invoice: a TLV run (a one-byte tag, a one-byte length counted in bytes,
// the value), the whole in base64. Phase 1 (this file's zatcaQr) has tags 1 seller name, 2 VAT
// registration number, 3 invoice timestamp, 4 invoice total with VAT and 5 VAT total, each UTF-8; phase 2
// (worker/zatca/qr.ts) adds the hash, signature, public key and certificate signature with this same
// encoder. Pure and Workers-safe (TextEncoder and btoa, no Buffer, no node: imports).

/**
 * The TLV bytes of values given in tag order from 1: text as UTF-8, bytes as they are. Throws a
 * RangeError when a value is empty or longer than 255 bytes (the length is one byte).
 */
export const tlv = (values: readonly (string | Uint8Array)[]): Uint8Array => {
  const encoder = new TextEncoder();
  const bytes: number[] = [];
  values.forEach((value, index) => {
    const raw = typeof value === "string" ? encoder.encode(value) : value;
    if (raw.length === 0 || raw.length > 255) throw new RangeError(`ZATCA QR tag ${index + 1} must be 1 to 255 bytes, got ${raw.length}`);
    bytes.push(index + 1, raw.length, ...raw);
  });
  return Uint8Array.from(bytes);
};

/** The tags of a base64 TLV payload, in order. Throws a RangeError when a length runs past the end. */
export const readTlv = (base64: string): { tag: number; value: Uint8Array }[] => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const tags: { tag: number; value: Uint8Array }[] = [];
  for (let at = 0; at < bytes.length;) {
    const length = bytes[at + 1];
    if (length === undefined || at + 2 + length > bytes.length) throw new RangeError(`the QR's TLV is cut short at byte ${at}`);
    tags.push({ tag: bytes[at], value: bytes.slice(at + 2, at + 2 + length) });
    at += 2 + length;
  }
  return tags;
};

/**
 * The base64 TLV for a simplified tax invoice's QR code. Throws a RangeError when a value is empty or
 * its UTF-8 is longer than 255 bytes (the length is one byte).
 */
export const zatcaQr = (fields: { seller: string; vatNumber: string; timestamp: string; total: string; vat: string }): string =>
  btoa(String.fromCharCode(...tlv([fields.seller, fields.vatNumber, fields.timestamp, fields.total, fields.vat])));
