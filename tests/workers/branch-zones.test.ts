// Schema version 15 (worker/restaurant/schema-zones.ts, docs/decisions/0058): an object built before it,
// whose branches were all made at the default zone, gives each defaulted branch its restaurant's
// country's zone, as the object does when the directory names the country: a Saudi branch left at
// Dubai's clock ends at Riyadh's, a UAE one stays, and a zone the owner chose elsewhere stays.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migrate, SCHEMA, SCHEMA_VERSION } from "../../worker/restaurant/schema";
import { DUMP_FORMAT, exportTables, importDump } from "../../worker/restaurant/dump";
import { zonesFromCountry, ZONES_VERSION as ZONES_VERSION_NAMED } from "../../worker/restaurant/schema-zones";

/** The version that corrects zones, and the one before it. */
const ZONES_VERSION = SCHEMA.indexOf(zonesFromCountry) + 1;

/** The branches' zones after an object at the version before is brought up to date with `country`. */
async function zonesAfter(name: string, country: string, branches: Record<number, string | null>) {
  const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName(`schema-zones-${name}`));
  return runInDurableObject(stub, (_instance, state) => {
    migrate(state.storage, ZONES_VERSION - 1);
    const sql = state.storage.sql;
    for (const [id, zone] of Object.entries(branches)) {
      // null: the row as sign-up made it, the column's default.
      if (zone === null) sql.exec("INSERT INTO branches (id, restaurant_id, name_en, name_ar) VALUES (?, 7, 'B', 'ب')", Number(id));
      else sql.exec("INSERT INTO branches (id, restaurant_id, name_en, name_ar, time_zone) VALUES (?, 7, 'B', 'ب', ?)", Number(id), zone);
    }
    expect(migrate(state.storage, SCHEMA_VERSION, "SAR", country)).toBe(ZONES_VERSION - 1);
    return Object.fromEntries(
      sql
        .exec<{ id: number; time_zone: string }>("SELECT id, time_zone FROM branches ORDER BY id")
        .toArray()
        .map((r) => [r.id, r.time_zone]),
    );
  });
}

describe("branches left at the default zone get their country's", () => {
  it("is a version of its own, after the others", () => {
    expect(ZONES_VERSION).toBeGreaterThan(13);
  });

  it("a Saudi restaurant's defaulted branch ends at Asia/Riyadh; one whose zone was chosen otherwise stays", async () => {
    expect(await zonesAfter("sa", "SA", { 1: null, 2: "Asia/Dubai", 3: "Europe/London" })).toEqual({
      1: "Asia/Riyadh",
      2: "Asia/Riyadh",
      3: "Europe/London",
    });
  });

  it("a UAE restaurant's branch stays at Asia/Dubai", async () => {
    expect(await zonesAfter("ae", "AE", { 1: null })).toEqual({ 1: "Asia/Dubai" });
  });

  it("Kuwait gets Asia/Kuwait; the US its first zone, Eastern; an unknown country changes nothing", async () => {
    expect(await zonesAfter("kw", "KW", { 1: null })).toEqual({ 1: "Asia/Kuwait" });
    expect(await zonesAfter("us", "US", { 1: null, 2: "America/Denver" })).toEqual({ 1: "America/New_York", 2: "America/Denver" });
    expect(await zonesAfter("none", "", { 1: null })).toEqual({ 1: "Asia/Dubai" });
  });
});

describe("a data file from before version 15", () => {
  it("names the version its import upgrades from", () => {
    expect(ZONES_VERSION_NAMED).toBe(ZONES_VERSION);
  });

  it("is imported with its defaulted branches on the restaurant's country's clock; a newer file keeps its zones", async () => {
    const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName("schema-zones-import"));
    const zones = await runInDurableObject(stub, (_instance, state) => {
      migrate(state.storage);
      const sql = state.storage.sql;
      sql.exec(
        "INSERT INTO branches (id, restaurant_id, name_en, name_ar, time_zone) VALUES (1, 7, 'B', 'ب', 'Asia/Dubai'), (2, 7, 'C', 'ج', 'Europe/London')",
      );
      const file = { format: DUMP_FORMAT, restaurant: 7, exported_at: new Date().toISOString(), ...exportTables(sql) };
      const target = { restaurant: 7, allowOther: false, currency: "SAR", country: "SA" };
      const read = () =>
        sql
          .exec<{ time_zone: string }>("SELECT time_zone FROM branches ORDER BY id")
          .toArray()
          .map((r) => r.time_zone);
      expect(importDump(state.storage, SCHEMA_VERSION, { ...file, version: ZONES_VERSION - 1 }, target)).toMatchObject({ ok: true });
      const older = read();
      expect(importDump(state.storage, SCHEMA_VERSION, { ...file, version: ZONES_VERSION }, target)).toMatchObject({ ok: true });
      return { older, newer: read() };
    });
    expect(zones).toEqual({ older: ["Asia/Riyadh", "Europe/London"], newer: ["Asia/Dubai", "Europe/London"] });
  });
});
