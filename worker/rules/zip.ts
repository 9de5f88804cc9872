// A small ZIP writer for downloads made of several files (the month's CSV and its Phase-2 XML,
// docs/decisions/0073): "stored" entries (no compression), CRC-32, a local header per entry, the central
// directory and its end record, names flagged UTF-8 (an Arabic name opens as such). Streamed entry by entry,
// so a month of documents is never held whole in memory; Uint8Array only, no Buffer, nothing imported.

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 (IEEE 802.3) ZIP stores for each entry. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date (2-second steps, from 1980) of `at`'s UTC clock. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

const UTF8_NAMES = 0x0800;
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

/** A header: its fixed part (`fields`: [bytes, value] pairs, little-endian) followed by the name. */
function header(fields: readonly (readonly [2 | 4, number])[], name: Uint8Array): Uint8Array {
  const size = fields.reduce((sum, [bytes]) => sum + bytes, 0);
  const out = new Uint8Array(size + name.length);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [bytes, value] of fields) {
    if (bytes === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += bytes;
  }
  out.set(name, size);
  return out;
}

/**
 * The archive of `entries` (taken one at a time, in order), as a stream of bytes. Without ZIP64: more than
 * 65,535 entries or 4 GiB errors the stream, and a name given twice is refused.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, modified = new Date()): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { time, date } = dosTime(modified);
  const central: Uint8Array[] = [];
  const names = new Set<string>();
  let offset = 0;
  async function* archive(): AsyncGenerator<Uint8Array> {
    for await (const entry of entries) {
      if (names.has(entry.name)) throw new Error(`zip: "${entry.name}" twice`);
      names.add(entry.name);
      const name = encoder.encode(entry.name);
      const data = typeof entry.data === "string" ? encoder.encode(entry.data) : entry.data;
      const crc = crc32(data);
      const common = [
        [2, 20], // version needed: 2.0
        [2, UTF8_NAMES],
        [2, 0], // stored
        [2, time],
        [2, date],
        [4, crc],
        [4, data.length],
        [4, data.length],
        [2, name.length],
      ] as const;
      const local = header([[4, 0x04034b50], ...common, [2, 0]], name);
      if (central.length + 1 > MAX_ENTRIES || offset + local.length + data.length > MAX_OFFSET) throw new RangeError("zip: too large without ZIP64");
      // Made by Unix (3), spec 2.0: Info-ZIP's unzip reads an MS-DOS entry's name as CP437 even when flagged
      // UTF-8, mangling Arabic. Then no extra, comment, disk, internal attributes; a file rw-r--r--; its offset.
      central.push(header([[4, 0x02014b50], [2, 0x0314], ...common, [2, 0], [2, 0], [2, 0], [2, 0], [4, 0o100644 * 0x10000], [4, offset]], name));
      offset += local.length + data.length;
      yield local;
      yield data;
    }
    const size = central.reduce((sum, c) => sum + c.length, 0);
    yield* central;
    const count = central.length;
    yield header(
      [
        [4, 0x06054b50],
        [2, 0],
        [2, 0],
        [2, count],
        [2, count],
        [4, size],
        [4, offset],
        [2, 0],
      ],
      new Uint8Array(0),
    );
  }
  const parts = archive();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}
