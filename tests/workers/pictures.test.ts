// Pictures on R2 through the whole worker: POST /console/pictures (roles, the member's restaurant, type
// proven by the bytes, 5 MB bound with and without Content-Length, content-hashed names, the purge that
// shows the new picture to diners), its share copy (a bounded JPEG stored beside it, counted and swept
// with it) and GET/HEAD /storage/… (immutable caching, ETag, 404, traversal).
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../worker/rules/roles";
import { IMMUTABLE_CACHE } from "../../worker/storage/serve";
import { MAX_PICTURE_BYTES } from "../../worker/storage/upload";
import { sweepPictures } from "../../worker/storage/quota";
import { SHARE_MAX_BYTES, shareCopyOf } from "../../worker/rules/share-image";
import { catalogueRow, catalogueRun } from "./catalogue";
import { seedMember } from "./console-members";

const SAFFRON = 1;
const GRILL = 2;
// Saffron's branch 1, menu 1, category 1: dishes 1–6. Grill House's first dish is looked up.
const DISH = 2;
const PAGE = `/saffron/1/1/${DISH}`;

const b64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const padded = (head: Uint8Array, size = 64) => {
  const out = new Uint8Array(size);
  out.set(head);
  return out;
};

const PNG = b64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=");
const OTHER_PNG = b64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==");
/** A PNG of its own (bytes after IEND are ignored by decoders): a name no other test shares. */
const uniquePng = (tag: string) => new Uint8Array([...PNG, ...bytes(tag)]);
const GIF = b64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
const WEBP = b64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
const JPEG = padded(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
const AVIF = padded(bytes([0, 0, 0, 0x1c], "ftyp", "avif", [0, 0, 0, 0], "avif", "mif1", "miaf"));

interface Person {
  cookie: string;
}
const member = (restaurantId: number, role: Role) => seedMember(restaurantId, role);

const site = (path: string, init: RequestInit = {}) => exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init });

function form(target: string, file: Uint8Array<ArrayBuffer>, name = "picture.png", type = "image/png") {
  const body = new FormData();
  body.set("target", target);
  body.set("file", new File([file], name, { type }));
  return body;
}
const upload = (who: Person, body: BodyInit, headers: Record<string, string> = {}) =>
  site("/console/pictures", { method: "POST", body, headers: { cookie: who.cookie, ...headers } });

/** A multipart body as a stream: the request then carries no Content-Length. */
async function streamed(body: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body });
  const raw = new Uint8Array(await request.arrayBuffer());
  return { stream: new Blob([raw]).stream(), contentType: request.headers.get("content-type")! };
}

/** A restaurant's logo (its brand row) or one of its dishes', categories' or menus' pictures, from its object. */
const imageOf = async (restaurantId: number, table: string, id: number) =>
  table === "brand"
    ? (await catalogueRow<{ image: string | null }>(restaurantId, "SELECT logo AS image FROM brand WHERE restaurant_id = ?", id))!.image
    : (await catalogueRow<{ image: string | null }>(restaurantId, `SELECT image FROM ${table} WHERE id = ?`, id))!.image;

let owner: Person, manager: Person, staff: Person, grillOwner: Person;
let grillDish: number;
beforeAll(async () => {
  [owner, manager, staff, grillOwner] = [
    await member(SAFFRON, "owner"),
    await member(SAFFRON, "manager"),
    await member(SAFFRON, "staff"),
    await member(GRILL, "owner"),
  ];
  grillDish = (await catalogueRow<{ id: number }>(
    GRILL,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 LIMIT 1",
  ))!.id;
});

describe("POST /console/pictures: types by content", () => {
  const TYPES = [
    ["image/png", "png", PNG],
    ["image/jpeg", "jpg", JPEG],
    ["image/webp", "webp", WEBP],
    ["image/avif", "avif", AVIF],
    ["image/gif", "gif", GIF],
  ] as const;
  for (const [type, ext, file] of TYPES) {
    it(`stores a ${ext} (named .bin, declared octet-stream) as ${type}`, async () => {
      const res = await upload(manager, form("dish:3", file, "upload.bin", "application/octet-stream"));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const answer = await res.json<{ image: string; url: string }>();
      expect(answer.image).toMatch(new RegExp(`^pictures/${SAFFRON}/[0-9a-f]{32}\\.${ext}$`));
      expect(await imageOf(SAFFRON, "products", 3)).toBe(answer.image);
      const served = await site(answer.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(file);
    });
  }

  it("stores a PNG named .jpg and declared image/jpeg as image/png", async () => {
    const res = await upload(owner, form("dish:4", PNG, "photo.jpg", "image/jpeg"));
    const { image } = await res.json<{ image: string }>();
    expect(image).toMatch(/\.png$/);
    expect((await env.PICTURES.head(image))!.httpMetadata!.contentType).toBe("image/png");
  });

  const REFUSED = [
    ["an HTML page", bytes("<!DOCTYPE html><html><script>alert(1)</script></html>")],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>')],
    ["a text file", bytes("just some words, nothing to see here\n")],
    ["a PNG signature cut short", PNG.slice(0, 6)],
  ] as const;
  for (const [what, file] of REFUSED) {
    it(`refuses ${what} renamed .png (415, nothing stored, row unchanged)`, async () => {
      const before = await imageOf(SAFFRON, "products", 5);
      const objects = (await env.PICTURES.list({ prefix: `pictures/${SAFFRON}/` })).objects.length;
      const res = await upload(owner, form("dish:5", file, "innocent.png", "image/png"));
      expect(res.status).toBe(415);
      expect((await res.json<{ error: string }>()).error).toContain("JPEG, PNG, WebP, AVIF");
      expect(await imageOf(SAFFRON, "products", 5)).toBe(before);
      expect((await env.PICTURES.list({ prefix: `pictures/${SAFFRON}/` })).objects.length).toBe(objects);
    });
  }

  it("refuses a form without a file or with a bad target (400)", async () => {
    const noFile = new FormData();
    noFile.set("target", "dish:5");
    expect((await upload(owner, noFile)).status).toBe(400);
    for (const target of ["dish:0", "dish:abc", "product:5", "dish:5; DROP TABLE products", "", "logo:1"]) {
      expect((await upload(owner, form(target, PNG))).status, target).toBe(400);
    }
  });
});

describe("POST /console/pictures: size", () => {
  const tooBig = () => {
    const file = new Uint8Array(MAX_PICTURE_BYTES + 1);
    file.set(PNG);
    return file;
  };

  it("takes a picture of exactly 5 MB", async () => {
    const file = new Uint8Array(MAX_PICTURE_BYTES);
    file.set(PNG);
    expect((await upload(owner, form("dish:6", file))).status).toBe(200);
  });

  it("refuses 5 MB + 1 byte with Content-Length (413)", async () => {
    const before = await imageOf(SAFFRON, "products", 6);
    const res = await upload(owner, form("dish:6", tooBig()));
    expect(res.status).toBe(413);
    expect((await res.json<{ error: string }>()).error).toContain("5 MB");
    expect(await imageOf(SAFFRON, "products", 6)).toBe(before);
  });

  it("refuses 5 MB + 1 byte streamed without Content-Length (413)", async () => {
    const { stream, contentType } = await streamed(form("dish:6", tooBig()));
    const res = await upload(owner, stream, { "content-type": contentType });
    expect(res.status).toBe(413);
  });

  it("refuses a declared body far over the bound before reading it", async () => {
    const res = await upload(owner, new Uint8Array(MAX_PICTURE_BYTES + SHARE_MAX_BYTES + 32 * 1024), { "content-type": "multipart/form-data; boundary=x" });
    expect(res.status).toBe(413);
  });

  it("refuses 50 concurrent streamed 6 MB bodies, each stopped at the bound (413)", async () => {
    const chunk = new Uint8Array(256 * 1024);
    const sixMegabytes = () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 6 * 1024 * 1024) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk.slice());
        },
      });
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => upload(owner, sixMegabytes(), { "content-type": "multipart/form-data; boundary=x" })));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(413));
  }, 30_000);

  it("is not held to the site-wide 512 KB body bound (a 1 MB picture is taken)", async () => {
    const file = new Uint8Array(1024 * 1024);
    file.set(PNG);
    const { stream, contentType } = await streamed(form("dish:6", file));
    expect((await upload(owner, stream, { "content-type": contentType })).status).toBe(200);
  });
});

describe("POST /console/pictures: who and which restaurant", () => {
  it("refuses staff (403) for a dish, and a manager for nothing the role allows", async () => {
    const before = await imageOf(SAFFRON, "products", 1);
    const res = await upload(staff, form("dish:1", PNG));
    expect(res.status).toBe(403);
    expect(await imageOf(SAFFRON, "products", 1)).toBe(before);
    expect((await upload(staff, form("logo", PNG))).status).toBe(403);
  });

  it("answers 404 for another restaurant's dish, category and menu, and writes nothing", async () => {
    const before = await imageOf(GRILL, "products", grillDish);
    const objects = (await env.PICTURES.list({ prefix: `pictures/${SAFFRON}/` })).objects.length;
    for (const target of [`dish:${grillDish}`, "category:999999", "menu:999999", "dish:999999"]) {
      expect((await upload(owner, form(target, OTHER_PNG))).status, target).toBe(404);
    }
    const grillMenu = (await catalogueRow<{ id: number }>(GRILL, "SELECT id FROM menus WHERE branch_id = 3 LIMIT 1"))!.id;
    expect((await upload(owner, form(`menu:${grillMenu}`, OTHER_PNG))).status).toBe(404);
    // Grill House's owner cannot touch Saffron's dish either.
    expect((await upload(grillOwner, form(`dish:${DISH}`, OTHER_PNG))).status).toBe(404);
    expect(await imageOf(GRILL, "products", grillDish)).toBe(before);
    expect((await env.PICTURES.list({ prefix: `pictures/${SAFFRON}/` })).objects.length).toBe(objects);
  });

  it("sends a visitor without a session to sign in", async () => {
    const res = await site("/console/pictures", { method: "POST", body: form("dish:1", PNG) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/console\/sign-in/);
  });

  it("sets a category's and a menu's picture (manager) and the logo (owner and manager)", async () => {
    for (const [target, table, id] of [
      ["category:1", "categories", 1],
      ["menu:1", "menus", 1],
      ["logo", "brand", SAFFRON],
    ] as const) {
      const res = await upload(manager, form(target, GIF));
      expect(res.status, target).toBe(200);
      expect(await imageOf(SAFFRON, table, id)).toBe((await res.json<{ image: string }>()).image);
    }
  });

  it("a browser's form post comes back to the screen with the outcome in the query", async () => {
    const ok = await site("/console/pictures?back=/console/menu", {
      method: "POST",
      body: form("dish:1", PNG),
      headers: { cookie: owner.cookie, accept: "text/html" },
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/console/menu?picture=dish%3A1");
    const bad = await site("/console/pictures?back=https://evil.example/", {
      method: "POST",
      body: form("logo", bytes("<svg/>...........")),
      headers: { cookie: owner.cookie, accept: "text/html" },
    });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/console/branches?picture=logo&pictureError=unsupported-type");
  });
});

/** A JPEG as far as its frame header (all the upload reads of it), `width` × `height`, padded to `size` bytes. */
const jpegOf = (width: number, height: number, size = 64) =>
  padded(
    bytes(
      [0xff, 0xd8, 0xff, 0xe0, 0, 16],
      "JFIF",
      [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
      [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3],
    ),
    size,
  );
function withShare(target: string, file: Uint8Array<ArrayBuffer>, share: Uint8Array<ArrayBuffer>) {
  const body = form(target, file);
  body.set("share", new File([share], "share.jpg", { type: "image/jpeg" }));
  return body;
}

describe("a picture's share copy (link previews)", () => {
  it("is stored beside the picture, its size in the picture's name, and counted with it", async () => {
    const picture = uniquePng("shared");
    const res = await upload(owner, withShare("dish:6", picture, jpegOf(1200, 675, 2000)));
    expect(res.status).toBe(200);
    const { image } = await res.json<{ image: string }>();
    expect(image).toMatch(new RegExp(`^pictures/${SAFFRON}/[0-9a-f]{32}\\.1200x675\\.png$`));
    expect(await imageOf(SAFFRON, "products", 6)).toBe(image);
    const copy = shareCopyOf(image)!;
    const served = await site(`/storage/${copy.key}`);
    expect([served.status, served.headers.get("content-type"), (await served.arrayBuffer()).byteLength]).toEqual([200, "image/jpeg", 2000]);
    const row = await catalogueRow<{ bytes: number }>(SAFFRON, "SELECT bytes FROM pictures WHERE key = ?", image);
    expect(row!.bytes).toBe(picture.byteLength + 2000);
  });

  it("without one (no script, an older client) stores the picture under its plain name", async () => {
    const body = form("dish:6", uniquePng("no copy"));
    body.set("share", new File([], "", { type: "application/octet-stream" }));
    const { image } = await (await upload(owner, body)).json<{ image: string }>();
    expect(image).toMatch(new RegExp(`^pictures/${SAFFRON}/[0-9a-f]{32}\\.png$`));
  });

  it.each([
    ["a side over 1,200 px", jpegOf(1201, 600), 422, "bad-share"],
    ["a PNG", PNG, 422, "bad-share"],
    ["a JPEG cut before its size", JPEG, 422, "bad-share"],
    ["over 300 KB", jpegOf(1200, 630, SHARE_MAX_BYTES + 1), 413, "share-too-large"],
  ] as const)("refuses %s (the whole upload, with a clear message; nothing stored, the row unchanged)", async (_what, share, status, code) => {
    const before = await imageOf(SAFFRON, "products", 5);
    const objects = (await env.PICTURES.list({ prefix: `pictures/${SAFFRON}/` })).objects.length;
    const res = await upload(owner, withShare("dish:5", uniquePng(`refused ${code} ${status}`), share));
    expect(res.status).toBe(status);
    const answer = await res.json<{ error: string; code: string }>();
    expect(answer.code).toBe(code);
    expect(answer.error).toMatch(/share copy/);
    expect(await imageOf(SAFFRON, "products", 5)).toBe(before);
    expect((await env.PICTURES.list({ prefix: `pictures/${SAFFRON}/` })).objects.length).toBe(objects);
  });

  it("is swept with its picture once nothing has shown it for a day", async () => {
    const key = `pictures/${SAFFRON}/${"c".repeat(32)}.640x480.webp`;
    const copy = shareCopyOf(key)!.key;
    await env.PICTURES.put(key, WEBP);
    await env.PICTURES.put(copy, jpegOf(640, 480));
    await catalogueRun(SAFFRON, "INSERT INTO pictures (key, restaurant_id, bytes, created_at) VALUES (?, ?, 100, 1)", key, SAFFRON);
    expect(await sweepPictures(env, SAFFRON)).toContain(key);
    expect([await env.PICTURES.head(key), await env.PICTURES.head(copy)]).toEqual([null, null]);
  });
});

describe("a replaced picture", () => {
  it("gets a new name, the old one still serves, and the diner's page shows the new one after the purge", async () => {
    const first = await (await upload(owner, form(`dish:${DISH}`, uniquePng("first")))).json<{ image: string; url: string }>();
    const page = await (await site(PAGE)).text();
    expect(page).toContain(`/storage/${first.image}`);
    // Seen again (from the page cache in this environment), then replaced.
    expect(await (await site(PAGE)).text()).toContain(`/storage/${first.image}`);
    const second = await (await upload(owner, form(`dish:${DISH}`, uniquePng("second")))).json<{ image: string; url: string }>();
    expect(second.image).not.toBe(first.image);
    const after = await (await site(PAGE)).text();
    expect(after).toContain(`/storage/${second.image}`);
    expect(after).not.toContain(`/storage/${first.image}`);
    // The diner API's catalogue says the same.
    const api = await site("/api/getProduct", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ domain: "saffron", category_id: "1", visit: "0" }),
    });
    const products = (await api.json<{ data: { id: number; image: string }[] }>()).data;
    expect(products.find((p) => p.id === DISH)!.image).toBe(second.image);
    // The old picture is kept (a page loaded just before the purge may still show it).
    expect((await site(first.url)).status).toBe(200);
  });

  it("the same bytes keep the same name", async () => {
    const a = await (await upload(owner, form("dish:1", OTHER_PNG))).json<{ image: string }>();
    const b = await (await upload(owner, form("dish:3", OTHER_PNG))).json<{ image: string }>();
    expect(a.image).toBe(b.image);
  });
});

describe("GET /storage/…", () => {
  let url: string;
  beforeAll(async () => {
    url = (await (await upload(owner, form("dish:1", PNG))).json<{ url: string }>()).url;
  });

  it("serves a picture with its type, immutable caching and an ETag; 304 on If-None-Match; HEAD", async () => {
    const res = await site(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
    expect(IMMUTABLE_CACHE).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await site(url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await site(url, { headers: { "if-none-match": '"something-else"' } })).status).toBe(200);
    const head = await site(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(head.headers.get("content-length")).toBe(String(PNG.byteLength));
    expect(await head.text()).toBe("");
  });

  it("answers 404 for a missing picture, and for anything that is not a picture's name", async () => {
    await env.PICTURES.put("secret.txt", "not a picture");
    const missing = await site(`/storage/pictures/${SAFFRON}/${"0".repeat(32)}.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    for (const path of [
      "/storage/secret.txt",
      "/storage/pictures/1/../../secret.txt",
      "/storage/pictures/1/%2e%2e/%2e%2e/secret.txt",
      "/storage/pictures%2f1%2f" + "0".repeat(32) + ".png",
      "/storage/pictures/1/..%5c..%5csecret.txt",
      "/storage/pictures/01/" + "0".repeat(32) + ".png",
      `/storage/pictures/1/${"0".repeat(32)}.svg`,
      `/storage/${url.slice("/storage/".length).toUpperCase()}`,
    ]) {
      const res = await site(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("not a picture");
    }
  });
});

describe("the console's picture controls", () => {
  it("/console/menu shows each dish's thumbnail and a file input that posts to /console/pictures, and the error beside it", async () => {
    const { url } = await (await upload(owner, form("dish:1", uniquePng("menu-screen")))).json<{ url: string }>();
    const html = await (await site("/console/menu?picture=dish%3A1&pictureError=too-large", { headers: { cookie: owner.cookie } })).text();
    expect(html).toContain(`src="${url}"`);
    expect(html).toContain('action="/console/pictures?back=%2Fconsole%2Fmenu"');
    expect(html).toContain('capture="environment"');
    expect(html).toContain("larger than 5 MB");
    expect(html.match(/data-testid="picture-error"/g)).toHaveLength(1);
  });

  it("/console/menu has each menu's tile picture control; the diner's menu tile shows the picture", async () => {
    const { url } = await (await upload(owner, form("menu:1", uniquePng("menu-tile")))).json<{ url: string }>();
    const html = await (await site("/console/menu?branch=1", { headers: { cookie: owner.cookie } })).text();
    expect(html).toContain('data-target="menu:1"');
    expect(html).toContain(`src="${url}"`);
    const diner = await (await site("/saffron/1")).text();
    const tile =
      /<a[^>]*data-testid="menu-tile"[^>]*href="\/saffron\/1\/1"[\s\S]*?<\/a>|<a[^>]*href="\/saffron\/1\/1"[^>]*data-testid="menu-tile"[\s\S]*?<\/a>/.exec(
        diner,
      )?.[0] ?? "";
    expect(tile).toContain(`src="${url}"`);
  });

  it("/console/branches shows the logo control (in Arabic too)", async () => {
    const html = await (await site("/console/branches?picture=logo&pictureError=unsupported-type&lng=ar", { headers: { cookie: owner.cookie } })).text();
    expect(html).toContain('data-target="logo"');
    expect(html).toContain("ليس صورة JPEG");
  });
});
