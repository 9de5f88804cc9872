// One home per rule (docs/decisions/0064): each rule below is written once in worker/rules/ (the
// response headers in app/lib/route-headers.ts) and the source holds no second copy of it; and what
// each home answers.
// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { purgeSignature } from "../../worker/edge/purge-signature";
import { hex, hmacSha256Hex, timingSafeEqualHex } from "../../worker/rules/hmac";
import * as v from "valibot";
import { IdText, idText } from "../../worker/rules/ids";
import { imageBaseOf, imageUrl, STORAGE_PATH } from "../../worker/rules/image-url";
import { branchZone, DEFAULT_TIME_ZONE } from "../../worker/rules/local-time";
import { hasOffer, payablePrice, validOffer } from "../../worker/rules/offer-price";
import { signatureHeader, verifySignature } from "../../worker/webhooks/signature";

const ROOT = join(import.meta.dirname, "../..");
const sources = (...dirs: string[]) =>
  dirs.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  );
const CODE = sources("app", "worker", "bench", "scripts").map((file) => ({ file, text: readFileSync(join(ROOT, file), "utf8") }));
/** The files whose code (comments left out) matches `pattern`. */
const homesOf = (pattern: RegExp) =>
  CODE.filter(({ text }) =>
    text
      .split("\n")
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .some((line) => pattern.test(line)),
  ).map(({ file }) => file);

describe("each rule has one home", () => {
  it.each([
    ["the HMAC", /crypto\.subtle\.(sign|verify)\(|name: "HMAC"/, ["worker/rules/hmac.ts"]],
    ["a constant-time comparison", /charCodeAt\(i\) \^/, ["worker/rules/hmac.ts"]],
    ["Arabic-Indic digits", /u0660|u06f0/i, ["worker/rules/digits.ts"]],
    ["where pictures are served", /["'`]\/storage\//, ["worker/rules/image-url.ts", "worker/index.ts"]],
    ["the offer rule", /price_offer\s*>\s*0|offer\s*>\s*0/, ["worker/rules/offer-price.ts"]],
    [
      "the zone a branch's times are in",
      /\?\s*\w+\s*:\s*DEFAULT_TIME_ZONE|\?\?\s*DEFAULT_TIME_ZONE|\|\|\s*DEFAULT_TIME_ZONE/,
      ["worker/rules/local-time.ts", "worker/rules/zones.ts"],
    ],
    ["an id from a URL, a query or a form", /\/\^\[1-9\]\\d\{0,9\}\$\/|\/\^\[1-9\]\[0-9\]\{0,9\}\$\//, ["worker/rules/ids.ts"]],
    ["the site's own paths", /^\s*"about-us",\s*$/, ["worker/rules/site-paths.ts"]],
  ] as const)("%s", (_rule, pattern, homes) => {
    expect(homesOf(pattern).filter((file) => file.startsWith("app/") || file.startsWith("worker/") || file.startsWith("bench/"))).toEqual(
      expect.arrayContaining([homes[0]]),
    );
    for (const file of homesOf(pattern)) expect(homes as readonly string[], file).toContain(file);
  });
});

it("a page's private Cache-Control is written once in the app (the worker's API answers its own, below the app)", () => {
  expect(homesOf(/"private, no-store"/).filter((file) => file.startsWith("app/") || file === "worker/render.ts")).toEqual(["app/lib/route-headers.ts"]);
});

describe("the HMAC helpers", () => {
  it("sign as HMAC-SHA256 does (RFC 4231, case 2)", async () => {
    expect(await hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    expect(hex(new Uint8Array([0, 15, 255]))).toBe("000fff");
  });

  it("compare hex digests whole: equal, one digit off, a prefix", () => {
    expect(timingSafeEqualHex("ab12", "ab12")).toBe(true);
    expect(timingSafeEqualHex("ab12", "ab13")).toBe(false);
    expect(timingSafeEqualHex("ab12", "ab1")).toBe(false);
  });

  it("make the purge signature and the webhooks' from the one HMAC", async () => {
    expect(await purgeSignature("s", "saffron", "100")).toBe(await hmacSha256Hex("s", "saffron\n100"));
    const header = await signatureHeader("whsec", "{}", 1000);
    expect(header).toBe(`t=1000,v1=${await hmacSha256Hex("whsec", "1000.{}")}`);
    expect(await verifySignature("whsec", "{}", header, 1100)).toBe(true);
    expect(await verifySignature("whsec", "{ }", header, 1100)).toBe(false);
    expect(await verifySignature("whsec", "{}", header.slice(0, -1), 1100)).toBe(false);
    expect(await verifySignature("whsec", "{}", header, 1000 + 301)).toBe(false);
  });
});

describe("the other homes", () => {
  it("builds a picture's URL on this site and beside an external backend's /api", () => {
    expect(imageUrl("pictures/1/ab.jpg")).toBe("/storage/pictures/1/ab.jpg");
    expect(imageUrl(null)).toBeNull();
    expect(imageUrl("")).toBeNull();
    expect(imageBaseOf(null)).toBe(STORAGE_PATH);
    expect(imageBaseOf("https://backend.example/api")).toBe("https://backend.example/storage/");
    expect(imageUrl("a.jpg", imageBaseOf("https://backend.example/api"))).toBe("https://backend.example/storage/a.jpg");
  });

  it("reads an id: 1 to 10 digits, no leading zero, within the contract's 32-bit columns", () => {
    expect(v.parse(IdText, "1")).toBe(1);
    expect(v.parse(IdText, "2147483647")).toBe(2_147_483_647);
    for (const bad of ["0", "01", "-1", "1.5", " 1", "2147483648", "99999999999", "", "abc"]) expect(v.is(IdText, bad), bad).toBe(false);
    expect(v.safeParse(idText("id"), "x").issues?.[0].message).toBe("id");
  });

  it("prices an offer only when there is one, and lets one stand only below the price", () => {
    expect(payablePrice({ price: 10, price_offer: 0 })).toBe(10);
    expect(payablePrice({ price: 10, price_offer: 8 })).toBe(8);
    expect(hasOffer({ price_offer: 0 })).toBe(false);
    expect(hasOffer({ price_offer: 8 })).toBe(true);
    expect([validOffer(10, 0), validOffer(10, 8), validOffer(10, 10), validOffer(10, 12), validOffer(10, -1)]).toEqual([true, true, false, false, false]);
  });

  it("computes a branch's times in its zone, or the default when it has none this runtime knows", () => {
    expect(branchZone("Asia/Riyadh")).toBe("Asia/Riyadh");
    for (const none of [null, undefined, "", "Mars/Olympus", 3]) expect(branchZone(none), String(none)).toBe(DEFAULT_TIME_ZONE);
  });
});
