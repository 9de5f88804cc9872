// Tap's amounts and hashstring (worker/rules/tap-amount.ts, tap-hash.ts; docs/decisions/0076). The
// expected HMACs were computed outside this code, with OpenSSL:
//   printf %s "$S" | openssl dgst -sha256 -hmac "$K"
// for each canonical string S and key K below (OpenSSL 3, 2026-11-29).
import { describe, expect, it } from "vitest";
import { minorOfTap, tapAmount, tapChargeable, tapMinimum } from "../../worker/rules/tap-amount";
import { tapCanonical, tapHashMatches, tapHashstring, type HashedCharge } from "../../worker/rules/tap-hash";

/** The delivery shown on developers.tap.company/docs/webhook (amount 1.0 SAR in its body). */
const documented: HashedCharge = {
  id: "chg_TS05A4120230736x9K22710693",
  amount: 100,
  currency: "SAR",
  gateway: "mada_pg70983e7a-a686-40ba-83e2-c5e9f4074fe5",
  payment: "4327230736106619650",
  status: "CAPTURED",
  created: "1698392202943",
};

describe("Tap's amounts", () => {
  it("writes minor units with the currency's decimals", () => {
    expect(tapAmount(3875, "KWD")).toBe("3.875");
    expect(tapAmount(10500, "KWD")).toBe("10.500");
    expect(tapAmount(1250, "BHD")).toBe("1.250");
    expect(tapAmount(7, "OMR")).toBe("0.007");
    expect(tapAmount(6500, "AED")).toBe("65.00");
    expect(tapAmount(100, "SAR")).toBe("1.00");
    expect(tapAmount(1250, "SAR")).toBe("12.50");
    expect(tapAmount(1999, "QAR")).toBe("19.99");
    expect(tapAmount(123456789, "KWD")).toBe("123456.789");
  });

  it("reads Tap's amounts back to minor units, from numbers and texts, never through float arithmetic", () => {
    expect(minorOfTap(3.875, "KWD")).toBe(3875);
    expect(minorOfTap("3.875", "KWD")).toBe(3875);
    expect(minorOfTap(1.0, "SAR")).toBe(100);
    expect(minorOfTap(65, "AED")).toBe(6500);
    expect(minorOfTap(0.1 + 0.2, "AED")).toBeNull(); // 0.30000000000000004: not an AED amount
    expect(minorOfTap(1.005, "BHD")).toBe(1005);
    expect(minorOfTap(12.5, "OMR")).toBe(12500);
    expect(minorOfTap(12.345, "AED")).toBeNull();
    expect(minorOfTap(-1, "AED")).toBeNull();
    expect(minorOfTap(Number.NaN, "AED")).toBeNull();
    expect(minorOfTap("1e3", "AED")).toBeNull();
  });

  it("round-trips every KWD amount up to 10 dinars", () => {
    for (let fils = 0; fils <= 10_000; fils++) expect(minorOfTap(Number(tapAmount(fils, "KWD")), "KWD")).toBe(fils);
  });

  it("knows Tap's minimum of 0.100", () => {
    expect(tapMinimum("KWD")).toBe(100);
    expect(tapMinimum("SAR")).toBe(10);
    expect(tapChargeable(100, "KWD")).toBe(true);
    expect(tapChargeable(99, "KWD")).toBe(false);
    expect(tapChargeable(10, "AED")).toBe(true);
    expect(tapChargeable(9, "AED")).toBe(false);
  });
});

describe("Tap's hashstring", () => {
  it("builds the canonical string of Tap's documented delivery", () => {
    expect(tapCanonical(documented)).toBe(
      "x_idchg_TS05A4120230736x9K22710693x_amount1.00x_currencySARx_gateway_referencemada_pg70983e7a-a686-40ba-83e2-c5e9f4074fe5x_payment_reference4327230736106619650x_statusCAPTUREDx_created1698392202943",
    );
  });

  it("signs as OpenSSL does (HMAC-SHA256, lower-case hex)", async () => {
    expect(await tapHashstring("sk_test_XKokBfNWv6FIYuTMg5sLPjhJ", documented)).toBe("a5335ad4bf54b5304821eba79c74943daba772b7cae882d743257868698639f5");
    const plugin = { id: "chg_2", gateway: "g", payment: "p", status: "CAPTURED", created: "1700000000" };
    // Tap's own plugin test's cases (Tap-WooCommerce-V2 tests/test-signature.php): 65.00 AED and 10.500 KWD.
    expect(await tapHashstring("sk_test_secret", { ...plugin, amount: 6500, currency: "AED" })).toBe(
      "f76d3bf45346f71785f8c2431da6cdba706b7ebcf0d96a19b82172754f014f84",
    );
    expect(await tapHashstring("sk_test_secret", { ...plugin, amount: 10500, currency: "KWD" })).toBe(
      "5c3f946fb0b7a4f060dc7089436591a5fcd15833348096f01477d224e7f4c6ba",
    );
    const kuwait = { id: "chg_KW1", amount: 3875, currency: "KWD", gateway: "", payment: "", status: "CAPTURED", created: "1764390000000" };
    expect(await tapHashstring("sk_test_demo_kuwait", kuwait)).toBe("dd45d3aaddfc05468b00d1f0a239d61b2e54e12addf0c72e60d3e1c9cb16ed3a");
  });

  it("accepts only the right header, in constant time, whatever its case", async () => {
    const right = "f76d3bf45346f71785f8c2431da6cdba706b7ebcf0d96a19b82172754f014f84";
    const charge = { id: "chg_2", amount: 6500, currency: "AED", gateway: "g", payment: "p", status: "CAPTURED", created: "1700000000" };
    expect(await tapHashMatches("sk_test_secret", charge, right)).toBe(true);
    expect(await tapHashMatches("sk_test_secret", charge, right.toUpperCase())).toBe(true);
    expect(await tapHashMatches("sk_test_other", charge, right)).toBe(false);
    expect(await tapHashMatches("sk_test_secret", { ...charge, amount: 6501 }, right)).toBe(false);
    expect(await tapHashMatches("sk_test_secret", { ...charge, status: "FAILED" }, right)).toBe(false);
    expect(await tapHashMatches("sk_test_secret", charge, null)).toBe(false);
    expect(await tapHashMatches("sk_test_secret", charge, "zz")).toBe(false);
  });
});
