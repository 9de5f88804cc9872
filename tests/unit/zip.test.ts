// The ZIP writer (worker/rules/zip.ts) read back by a real reader (Info-ZIP's `unzip`, which checks every
// entry's CRC) and by hand (the end record, the central directory, the local headers): stored entries,
// an Arabic name flagged UTF-8, an empty archive, and a name given twice refused.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crc32, zipStream, type ZipEntry } from "../../worker/rules/zip";

const bytesOf = async (entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>) =>
  new Uint8Array(await new Response(zipStream(entries, new Date(Date.UTC(2026, 10, 29, 13, 45, 30)))).arrayBuffer());

function saved(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), "zip-")), "a.zip");
  writeFileSync(file, bytes);
  return file;
}
const unzip = (...args: string[]) => execFileSync("unzip", args, { encoding: "utf8", env: { ...process.env, LC_ALL: "C.UTF-8" } });

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
    entries.push({ name, flags, data: new TextDecoder().decode(data) });
    at += 46 + nameLength;
  }
  return entries;
}

describe("the ZIP writer", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it("writes stored entries a real unzip lists, tests and extracts, Arabic names included", async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice>فاتورة</Invoice>\n';
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: "invoices-2026-11.csv", data: "number,kind\r\n1,invoice\r\n" };
      yield { name: "zatca/invoice-1-dammam.xml", data: new TextEncoder().encode(xml) };
      yield { name: "zatca/فاتورة-2.xml", data: "" };
    }
    const zip = await bytesOf(entries());
    const file = saved(zip);
    expect(unzip("-t", file)).toContain("No errors detected");
    const listed = unzip("-Z1", file).trim().split("\n");
    expect(listed).toEqual(["invoices-2026-11.csv", "zatca/invoice-1-dammam.xml", "zatca/فاتورة-2.xml"]);
    expect(unzip("-p", file, "zatca/invoice-1-dammam.xml")).toBe(xml);
    expect(unzip("-l", file)).toMatch(/2026-11-29 13:45/);

    const byHand = readByHand(zip);
    expect(byHand.map((e) => e.name)).toEqual(listed);
    expect(byHand.every((e) => e.flags === 0x0800)).toBe(true);
    expect(byHand[0]!.data).toBe("number,kind\r\n1,invoice\r\n");
    expect(byHand[2]!.data).toBe("");
  });

  it("writes an empty archive as just its end record", async () => {
    const zip = await bytesOf([]);
    expect(zip.length).toBe(22);
    expect(readByHand(zip)).toEqual([]);
    // Info-ZIP says so (exit 1: a warning) rather than failing on a bad file.
    expect(() => unzip("-l", saved(zip))).toThrow(/zipfile is empty/);
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
