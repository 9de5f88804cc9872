// A picture's type from its first bytes (magic numbers), never from its name or the declared type:
// only these formats are stored, and each is served with the content type its bytes prove.

export interface PictureType {
  contentType: string;
  ext: string;
}

const ascii = (bytes: Uint8Array, at: number, text: string) => text.split("").every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/** ISO BMFF (AVIF): a box "ftyp" at offset 4 whose major or compatible brands include avif/avis. */
function isAvif(bytes: Uint8Array): boolean {
  if (!ascii(bytes, 4, "ftyp")) return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4)).getUint32(0);
  const end = Math.min(boxSize, bytes.byteLength, 256);
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // the minor version, not a brand
    if (ascii(bytes, at, "avif") || ascii(bytes, at, "avis")) return true;
  }
  return false;
}

/** The proven type of an upload, or null (HTML, SVG, text, or any other format). */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  if (bytes.byteLength < 12) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", ext: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", ext: "png" };
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return { contentType: "image/webp", ext: "webp" };
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return { contentType: "image/gif", ext: "gif" };
  if (isAvif(bytes)) return { contentType: "image/avif", ext: "avif" };
  return null;
}

/**
 * A JPEG's width and height from its frame header (SOF0–SOF15 but DHT, JPG and DAC), walking the
 * segments from the start; null when the bytes are not a JPEG or end before one.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(bytes, [0xff, 0xd8])) return null;
  let at = 2;
  while (at + 9 <= bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}
