// Makes the demo's share copies (docs/decisions/0082): chat apps show no SVG, so each demo logo, menu
// tile and dish the branch homes list (offers, new, popular) gets a JPEG rendered by Chromium, committed
// under public/storage/share/, and worker/rules/demo-share-copies.ts lists them. Run it again after the
// seed's pictures change: node scripts/share-copies.ts
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { chromium } from "playwright-core";
import { chromiumPath } from "./chromium-path.ts";
import { DEMO_SHARE_SIDE } from "../worker/rules/demo-share-copies.ts";

/** Far under WhatsApp's 300 KB: the demo's copies are committed, so they stay small. */
const BUDGET = 20_000;
const seed = readFileSync("migrations/0002_demo_seed.sql", "utf8");
// A product row's picture, then price, offer price, new, popular and hidden.
const listed = [...seed.matchAll(/'(products\/[^']+\.svg)', [\d.]+, ([\d.]+), (\d), (\d), 0,/g)]
  .filter(([, , offer, isNew, popular]) => Number(offer) > 0 || isNew === "1" || popular === "1")
  .map(([, path]) => path!);
const logos = readdirSync("public/storage/logos").map((f) => `logos/${f}`);
const menus = [...seed.matchAll(/'(menus\/[^']+\.svg)'/g)].map(([, path]) => path!);
const paths = [...new Set([...logos, ...menus, ...listed])].filter((p) => p.endsWith(".svg")).sort();

const browser = await chromium.launch({ executablePath: await chromiumPath() });
const page = await browser.newPage({ viewport: { width: DEMO_SHARE_SIDE, height: DEMO_SHARE_SIDE } });
let total = 0;
for (const path of paths) {
  const svg = readFileSync(`public/storage/${path}`, "utf8");
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  await page.setContent(`<body style="margin:0;background:#fff"><img src="${src}" style="display:block;width:100vw;height:100vh;object-fit:cover">`);
  await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
  let jpeg: Buffer = Buffer.alloc(0);
  for (const quality of [75, 65, 55, 45]) {
    jpeg = await page.screenshot({ type: "jpeg", quality });
    if (jpeg.byteLength <= BUDGET) break;
  }
  const file = `public/storage/share/${path.replace(/\.svg$/, ".jpg")}`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, jpeg);
  total += jpeg.byteLength;
}
await browser.close();

const list = paths.map((p) => `  "${p}",`).join("\n");
const module = readFileSync("worker/rules/demo-share-copies.ts", "utf8").replace(/new Set\(\[[^\]]*\]\)/, `new Set([\n${list}\n])`);
writeFileSync("worker/rules/demo-share-copies.ts", module);
console.log(`${paths.length} share copies, ${Math.round(total / 1024)} KB`);
