// A 1-bit greyscale PNG encoder on web APIs only (CompressionStream, no wasm): a kitchen ticket is black ink on white, ~2–4 KB.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib (RFC 1950) stream, as IDAT wants it: CompressionStream's "deflate" is zlib-wrapped ("deflate-raw" is not). */
async function zlib(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A 1-bit greyscale PNG of RGBA pixels (`width`×`height`, row by row), thresholded: a pixel is black ink
 * when it is opaque and darker than mid-grey. Scanlines are packed straight from the pixels (filter 0, bit 1 = white).
 */
export async function png1Bit(width: number, height: number, rgba: Uint8Array): Promise<Uint8Array> {
  if (!(width >= 1 && height >= 1) || rgba.length !== width * height * 4) throw new Error(`png1Bit: ${rgba.length} bytes for ${width}×${height} RGBA`);
  const stride = Math.ceil(width / 8) + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x += 8) {
      let byte = 0xff;
      for (let b = 0, end = Math.min(8, width - x); b < end; b++, p += 4) {
        if (rgba[p + 3] >= 128 && rgba[p] + rgba[p + 1] + rgba[p + 2] < 384) byte ^= 0x80 >> b;
      }
      raw[y * stride + 1 + (x >> 3)] = byte;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, colour type 0 (greyscale), deflate, filter 0, no interlace
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", await zlib(raw)), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
