// The ZIP writer (worker/rules/zip.ts) read back by an independent reader (fflate's unzipSync, a
// devDependency: the test machine need not have Info-ZIP), its CRCs checked with Node's zlib, and by hand
// (the end record, the central directory, the local headers, the time): stored entries, an Arabic name
// flagged UTF-8, an empty archive, and a name given twice refused.
import { unzipSync } from "fflate";
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, zipStream, type ZipEntry } from "../../worker/rules/zip";

const bytesOf = async (entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>) =>
  new Uint8Array(await new Response(zipStream(entries, new Date(Date.UTC(2026, 10, 29, 13, 45, 30)))).arrayBuffer());

/** Each entry's name and text, as fflate reads the archive. */
const readWithFflate = (zip: Uint8Array) => Object.entries(unzipSync(zip)).map(([name, data]) => ({ name, text: new TextDecoder().decode(data) }));

/** The entries as the central directory lists them, each checked against its local header. */
function readByHand(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  expect(at + view.getUint32(end + 12, true)).toBe(end);
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const flags = view.getUint16(at + 8, true);
    const time = [view.getUint16(at + 12, true), view.getUint16(at + 14, true)] as const;
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    expect(view.getUint16(local + 8, true)).toBe(0); // stored
    expect(view.getUint32(local + 14, true)).toBe(crc);
    const data = zip.subarray(local + 30 + nameLength, local + 30 + nameLength + size);
    expect(crc32(data)).toBe(crc);
    expect(zlibCrc32(data)).toBe(crc);
    entries.push({ name, flags, time, data: new TextDecoder().decode(data) });
    at += 46 + nameLength;
  }
  return entries;
}

describe("the ZIP writer", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it("writes stored entries another reader lists and extracts, Arabic names included", async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice>فاتورة</Invoice>\n';
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: "invoices-2026-11.csv", data: "number,kind\r\n1,invoice\r\n" };
      yield { name: "zatca/invoice-1-dammam.xml", data: new TextEncoder().encode(xml) };
      yield { name: "zatca/فاتورة-2.xml", data: "" };
    }
    const zip = await bytesOf(entries());
    const read = readWithFflate(zip);
    const listed = read.map((e) => e.name);
    expect(listed).toEqual(["invoices-2026-11.csv", "zatca/invoice-1-dammam.xml", "zatca/فاتورة-2.xml"]);
    expect(read[1]!.text).toBe(xml);

    const byHand = readByHand(zip);
    expect(byHand.map((e) => e.name)).toEqual(listed);
    expect(byHand.every((e) => e.flags === 0x0800)).toBe(true);
    expect(byHand[0]!.data).toBe("number,kind\r\n1,invoice\r\n");
    expect(byHand[2]!.data).toBe("");
    // MS-DOS time and date: 13:45:30 (seconds halved) on 2026-11-29 (years from 1980).
    expect(byHand[0]!.time).toEqual([(13 << 11) | (45 << 5) | 15, ((2026 - 1980) << 9) | (11 << 5) | 29]);
  });

  it("writes an empty archive as just its end record", async () => {
    const zip = await bytesOf([]);
    expect(zip.length).toBe(22);
    expect(readByHand(zip)).toEqual([]);
    expect(readWithFflate(zip)).toEqual([]);
  });

  it("refuses a name given twice", async () => {
    await expect(
      bytesOf([
        { name: "a.xml", data: "1" },
        { name: "a.xml", data: "2" },
      ]),
    ).rejects.toThrow(/twice/);
  });
});
