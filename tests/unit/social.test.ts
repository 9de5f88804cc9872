import { describe, expect, it } from "vitest";
import { socialHref, socialType } from "../../app/lib/social";
import { formatMoney } from "../../app/lib/money";
import { safeLocalPath } from "../../app/lib/safe-path";

describe("social links", () => {
  it("prepends https:// when the value has no http(s) prefix", () => {
    expect(socialHref("instagram.com/saffron")).toBe("https://instagram.com/saffron");
    expect(socialHref("http://example.com/x")).toBe("http://example.com/x");
    expect(socialHref("HTTPS://wa.me/971")).toBe("https://wa.me/971");
    expect(socialHref("javascript:alert(1)")).toBeNull();
    expect(socialHref("  ")).toBeNull();
  });

  it("opens a handle as the network's profile, and never takes a bare word for a host", () => {
    expect(socialHref("@saffron.cafe", "instagram")).toBe("https://www.instagram.com/saffron.cafe/");
    expect(socialHref(" @saffron ", "twitter")).toBe("https://x.com/saffron");
    expect(socialHref("saffron", "snapchat")).toBe("https://www.snapchat.com/add/saffron");
    expect(socialHref("@saffron", "telegram")).toBe("https://t.me/saffron");
    expect(socialHref("@saffron", "facebook")).toBe("https://www.facebook.com/saffron");
    expect(socialHref("@saffron.cafe", "tiktok")).toBe("https://www.tiktok.com/@saffron.cafe");
    expect(socialHref("instagram.com/saffron", "instagram")).toBe("https://instagram.com/saffron");
    expect(socialHref("@saffron", "location")).toBeNull();
    expect(socialHref("saffron")).toBeNull();
    expect(socialHref("@bad name", "instagram")).toBeNull();
  });

  it("opens a WhatsApp number, local in the restaurant's country or international, on wa.me", () => {
    expect(socialHref("050 123 4567", "whatsapp", "AE")).toBe("https://wa.me/971501234567");
    expect(socialHref("+966 50 123 4567", "whatsapp", "AE")).toBe("https://wa.me/966501234567");
    expect(socialHref("0501234567", "whatsapp")).toBeNull();
    expect(socialHref("12", "whatsapp", "AE")).toBeNull();
    expect(socialHref("wa.me/971501234567", "whatsapp", "AE")).toBe("https://wa.me/971501234567");
  });

  it("maps the spec's seven types and TikTok (7), and nothing else", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(socialType)).toEqual(["facebook", "instagram", "whatsapp", "telegram", "snapchat", "twitter", "location", "tiktok"]);
    expect(socialType(8)).toBeNull();
  });
});

describe("money and paths", () => {
  it("formats AED in English and د.إ in Arabic with two decimals", () => {
    expect(formatMoney(18.5, "en")).toBe("18.50 AED");
    expect(formatMoney(3, "ar")).toBe("3.00 د.إ");
  });

  it("keeps a user-supplied path on this origin", () => {
    expect(safeLocalPath("/saffron/1?x=1")).toBe("/saffron/1?x=1");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", 42]) {
      expect(safeLocalPath(bad, "/home")).toBe("/home");
    }
  });
});
