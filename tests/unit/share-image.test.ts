// The picture a shared link shows (worker/rules/share-image.ts) and the landing's example prices
// (worker/rules/plan-guide.ts examplePrice): names, sizes, never an SVG; a menu's rounding per currency.
import { describe, expect, it } from "vitest";
import { examplePrice } from "../../worker/rules/plan-guide";
import { shareCopyOf, shareImage, sizedPictureKey } from "../../worker/rules/share-image";

const HASH = "0123456789abcdef0123456789abcdef";

describe("shareImage", () => {
  it("names an uploaded picture's share copy, with its size, from the picture's own name", () => {
    const key = sizedPictureKey(`pictures/7/${HASH}.png`, 1200, 800);
    expect(key).toBe(`pictures/7/${HASH}.1200x800.png`);
    expect(shareCopyOf(key)).toEqual({ key: `pictures/7/${HASH}.1200x800.share.jpg`, width: 1200, height: 800 });
    expect(shareImage(`/storage/${key}`)).toEqual({ url: `/storage/pictures/7/${HASH}.1200x800.share.jpg`, type: "image/jpeg", width: 1200, height: 800 });
  });

  it("falls back to the picture itself (an older upload, an external backend's), never to an SVG", () => {
    expect(shareCopyOf(`pictures/7/${HASH}.png`)).toBeNull();
    expect(shareImage(`/storage/pictures/7/${HASH}.webp`)).toEqual({ url: `/storage/pictures/7/${HASH}.webp`, type: "image/webp", width: null, height: null });
    expect(shareImage("https://b.example/storage/dish.JPG?v=2")).toMatchObject({ url: "https://b.example/storage/dish.JPG?v=2", type: "image/jpeg" });
    expect(shareImage("https://b.example/storage/logo.svg")).toBeNull();
    expect(shareImage("/storage/logos/made-up.svg")).toBeNull();
    expect(shareImage(null)).toBeNull();
  });

  it("names the demo's committed copies", () => {
    expect(shareImage("/storage/logos/saffron.svg")).toEqual({ url: "/storage/share/logos/saffron.jpg", type: "image/jpeg", width: 400, height: 400 });
    // A name shaped like an upload's elsewhere than this site's storage is not one.
    expect(shareImage(`https://b.example/storage/pictures/7/${HASH}.1200x800.png`)?.url).toBe(`https://b.example/storage/pictures/7/${HASH}.1200x800.png`);
  });
});

describe("examplePrice", () => {
  it("prices an example dish as a menu in the visitor's currency would", () => {
    expect([26, 24, 20, 3, 5].map((aed) => examplePrice(aed, "KWD"))).toEqual([2.25, 2, 1.75, 0.25, 0.5]);
    expect([26, 24, 20, 3, 5].map((aed) => examplePrice(aed, "SAR"))).toEqual([27, 25, 20, 3, 5]);
    expect(examplePrice(26, "AED")).toBe(26);
    expect(examplePrice(26, "EUR")).toBe(26);
    expect(examplePrice(1, "BHD")).toBe(0.25);
  });
});
