// The embedded demo payment page's HTML (./payments.ts serves it, only with DEMO_PROVIDERS): the restaurant,
// the order's number and total, Pay and Cancel, in the diner's language (Arabic right to left) and always
// marked DEMO; and its "no longer valid" answer in the same language. The words are ./demo-pay-words.ts.
import { acceptedLanguage } from "../rules/accept-language";
import { formatMoney } from "../rules/money-text";
import { demoPayStrings } from "./demo-pay-words";
import { directionOf, isLanguage, type Language } from "../rules/languages";
import { majorUnits } from "../rules/money";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page's language: the `lang` its link was made with (the diner's, at checkout), else the browser's. */
export function demoPageLanguage(request: Request): Language {
  const asked = new URL(request.url).searchParams.get("lang");
  return isLanguage(asked) ? asked : acceptedLanguage(request.headers.get("accept-language"));
}

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1c1917}button{font:inherit;font-weight:700;padding:.8rem 1.4rem;border-radius:999px;border:0;margin:.3rem}.pay{background:#047857;color:#fff}.cancel{background:#e7e5e4}.demo{display:inline-block;background:#b45309;color:#fff;font-weight:700;padding:.1rem .5rem;border-radius:.3rem}.shop{font-weight:700;color:#57534e}@media (prefers-color-scheme:dark){body{background:#1c1917;color:#f5f5f4}.cancel{background:#44403c;color:#f5f5f4}.shop{color:#a8a29e}}";

const frame = (lang: Language, title: string, body: string) =>
  `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

interface PageOrder {
  num_order: number;
  total_minor: number;
  currency: string;
  restaurant: { name_en: string; name_ar: string };
}

/** The page with Pay and Cancel (a form posted to the page's own address). */
export function demoPayHtml(lang: Language, order: PageOrder): string {
  const t = demoPayStrings[lang];
  const shop = (lang === "ar" && order.restaurant.name_ar.trim()) || order.restaurant.name_en;
  const amount = formatMoney(majorUnits(order.total_minor, order.currency), lang, order.currency);
  const number = String(order.num_order);
  return frame(
    lang,
    `${t.title} · ${t.badge}`,
    `<p class="demo" data-testid="demo-badge">${escapeHtml(t.badge)}</p><p class="shop">${escapeHtml(shop)}</p><h1>${escapeHtml(t.title)}</h1>
<p data-testid="demo-order" data-number="${number}">${escapeHtml(t.order.replace("{{number}}", number))}: <strong><bdi>${escapeHtml(amount)}</bdi></strong></p>
<p>${escapeHtml(t.text)}</p>
<form method="post"><button class="pay" name="decision" value="pay">${escapeHtml(t.pay)}</button><button class="cancel" name="decision" value="cancel">${escapeHtml(t.cancel)}</button></form>`,
  );
}

/** A link that leads nowhere (unknown, or no demo page here), said in the page's language. */
export const demoGoneHtml = (lang: Language, key: "gone" | "otherSite") =>
  frame(
    lang,
    demoPayStrings[lang].title,
    `<p class="demo">${escapeHtml(demoPayStrings[lang].badge)}</p><p data-testid="demo-gone">${escapeHtml(demoPayStrings[lang][key])}</p>`,
  );
