// The stand-in's hosted payment page (docs/tap-stand-in.md), served by the site itself under
// /api/tap-demo/{charge}, only with the demo providers: the restaurant's amount, the branch country's
// methods (./words.ts), and Pay, Decline and Leave. Pay and Decline set the charge's status, post the
// signed notification to the charge's post URL (the site's own handler, called in-process) and send the
// browser to its redirect URL with ?tap_id=…; Leave marks it ABANDONED and posts nothing, as Tap does.
import type { Context } from "hono";
import { demoProviders } from "../demo";
import { demoPageLanguage } from "../demo-page";
import { formatMoney } from "../../rules/money-text";
import { directionOf, type Language } from "../../rules/languages";
import { majorUnits } from "../../rules/money";
import { randomHex } from "../../rules/secrets";
import { tapNotification } from "../tap/notify";
import { signedNotification } from "./index";
import { readCharge, saveCharge, type StandInCharge } from "./state";
import { methodsOf, tapPageWords, type TapMethod } from "./words";

type Ctx = Context<{ Bindings: Env }>;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1c1917}button{font:inherit;font-weight:700;padding:.8rem 1.4rem;border-radius:999px;border:0;margin:.3rem}.pay{background:#047857;color:#fff}.other{background:#e7e5e4}.demo{display:inline-block;background:#b45309;color:#fff;font-weight:700;padding:.1rem .5rem;border-radius:.3rem}label{display:block;margin:.4rem 0}@media (prefers-color-scheme:dark){body{background:#1c1917;color:#f5f5f4}.other{background:#44403c;color:#f5f5f4}}";

const page = (lang: Language, body: string) =>
  `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(tapPageWords[lang].title)}</title><style>${STYLE}</style></head><body><p class="demo" data-testid="tap-demo-badge">${escapeHtml(tapPageWords[lang].badge)}</p>${body}</body></html>`;

const PRIVATE = { "Cache-Control": "private, no-store" };

async function openCharge(c: Ctx): Promise<StandInCharge | null> {
  if (!demoProviders(c.env) || c.env.TAP_PAYMENTS) return null;
  const id = c.req.param("charge") ?? "";
  return /^chg_[A-Za-z0-9_]{4,100}$/.test(id) ? readCharge(c.env.HOSTS, id) : null;
}

const back = (c: Ctx, charge: StandInCharge) => {
  const to = new URL(charge.redirect);
  to.searchParams.set("tap_id", charge.id);
  return c.redirect(to.toString(), 303);
};

export async function tapDemoPage(c: Ctx) {
  const charge = await openCharge(c);
  const lang = demoPageLanguage(c.req.raw);
  const t = tapPageWords[lang];
  if (!charge) return c.html(page(lang, `<p data-testid="tap-demo-gone">${escapeHtml(t.gone)}</p>`), 404, PRIVATE);
  if (charge.status !== "INITIATED") return back(c, charge);
  const amount = formatMoney(majorUnits(charge.amount, charge.currency), lang, charge.currency);
  const methods = methodsOf(charge.country)
    .map(
      (m, i) =>
        `<label><input type="radio" name="method" value="${m}" data-testid="tap-method-${m}"${i === 0 ? " checked" : ""}> ${escapeHtml(t.methods[m])}</label>`,
    )
    .join("");
  return c.html(
    page(
      lang,
      `<h1>${escapeHtml(t.title)}</h1><p data-testid="tap-demo-amount"><strong><bdi>${escapeHtml(amount)}</bdi></strong></p><p>${escapeHtml(t.text)}</p>
<form method="post"><fieldset><legend>${escapeHtml(t.method)}</legend>${methods}</fieldset>
<button class="pay" name="decision" value="pay">${escapeHtml(t.pay)}</button><button class="other" name="decision" value="fail">${escapeHtml(t.fail)}</button><button class="other" name="decision" value="abandon">${escapeHtml(t.abandon)}</button></form>`,
    ),
    200,
    PRIVATE,
  );
}

const GATEWAY: Record<TapMethod, string> = {
  knet: "KNET",
  mada: "MADA",
  apple_pay: "APPLE_PAY",
  benefit: "BENEFIT",
  naps: "NAPS",
  omannet: "OMANNET",
  card: "VISA",
};

export async function tapDemoDecision(c: Ctx) {
  const charge = await openCharge(c);
  if (!charge) return tapDemoPage(c);
  if (charge.status !== "INITIATED") return back(c, charge);
  const form = await c.req.formData().catch(() => null);
  const decision = form?.get("decision");
  const method = methodsOf(charge.country).find((m) => m === form?.get("method")) ?? "card";
  if (decision !== "pay" && decision !== "fail") {
    await saveCharge(c.env.HOSTS, { ...charge, status: "ABANDONED" });
    return back(c, charge);
  }
  const done: StandInCharge = {
    ...charge,
    status: decision === "pay" ? "CAPTURED" : "FAILED",
    method: GATEWAY[method],
    gateway: `${method}_pg${randomHex(8)}`,
    payment: String(BigInt(`0x${randomHex(7)}`)),
  };
  await saveCharge(c.env.HOSTS, done);
  await notify(c.env, done);
  return back(c, done);
}

/** The signed notification Tap posts for a final charge, handed to the site's own handler (best effort: the return re-reads anyway). */
async function notify(env: Env, charge: StandInCharge) {
  const restaurant = /\/webhooks\/tap\/(\d{1,15})$/.exec(new URL(charge.post).pathname)?.[1];
  if (!restaurant) return;
  const { body, hash } = await signedNotification(charge);
  const request = new Request(charge.post, { method: "POST", headers: { "content-type": "application/json", hashstring: hash }, body });
  await tapNotification(request, env, restaurant).catch((error: unknown) => console.error("tap stand-in: the notification failed", error));
}
