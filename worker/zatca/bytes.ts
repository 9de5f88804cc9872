// Bytes, base64 and hex for the ZATCA documents without Buffer (the Worker has none): a certificate,
// a signature and a key travel as base64, a digest is written as base64 of its bytes or of its hex.

/** Base64 of bytes (chunked, so a certificate of a few kilobytes never overflows the call stack). */
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
};

/** Bytes of base64 text; whitespace (a PEM's line breaks) is ignored. Throws on what is not base64. */
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text.replace(/\s+/g, "")), (c) => c.charCodeAt(0));

/** Lower-case hex of bytes. */
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** UTF-8 bytes of text. */
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Whether two byte runs are equal. */
export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);
