// /console/branches/brand (owners and managers): the restaurant's colours and its social links (the spec's seven and TikTok).
// Every field is parsed with valibot; a refusal is a 422 naming each bad field and keeping what was
// typed. The restaurant is always the member's own; a save purges the tenant's cache for diners.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { PRODUCT, parseColour, toHex } from "~/lib/brand";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { SOCIAL_TYPES, socialHref } from "~/lib/social";
import { readForm } from "~/lib/form-body.server";
import { brandSettingsOf, COLOUR_FIELDS, saveColours, saveSocials, SOCIAL_MAX, type ColourField } from "../../../worker/console/brand";

type SocialField = (typeof SOCIAL_TYPES)[number];
/** Why a field is refused (the screen says it in the console's language, beside the field). */
export type FieldProblem = "colour" | "link" | "tooLong" | "review";

const Colour = v.pipe(v.string("colour"), v.trim(), v.regex(/^#[0-9a-f]{6}$/i, "colour"), v.toLowerCase());
// A link or a handle, as the diner's page will open it (app/lib/social.ts); empty removes it. A WhatsApp
// number is kept as its wa.me link: only here is the restaurant's country known to read a local one.
const Social = (type: SocialField, country: string) =>
  v.pipe(
    v.string("link"),
    v.trim(),
    v.maxLength(SOCIAL_MAX, "tooLong"),
    v.check((s) => s === "" || socialHref(s, type, country) !== null, "link"),
    v.transform((s) => (type === "whatsapp" && s && !/[a-z]/i.test(s) ? socialHref(s, type, country) : s || null)),
  );
const ColoursForm = v.object(Object.fromEntries(COLOUR_FIELDS.map((f) => [f, Colour])) as Record<ColourField, typeof Colour>);
/** The restaurant's review page (Google Maps' "write a review" link): https only; empty removes it. */
const Review = v.pipe(
  v.optional(v.string("link"), ""),
  v.trim(),
  v.maxLength(SOCIAL_MAX, "tooLong"),
  v.check((s) => s === "" || (URL.canParse(s) && new URL(s).protocol === "https:"), "review"),
  v.transform((s) => s || null),
);
const SocialsForm = (country: string) =>
  v.object({
    ...(Object.fromEntries(SOCIAL_TYPES.map((f) => [f, Social(f, country)])) as Record<SocialField, ReturnType<typeof Social>>),
    review_url: Review,
  });
const Intent = v.picklist(["colours", "socials"]);

/** A stored colour as the form's #rrggbb (rgb()/hsl() from older data converted; none: the product's). */
const asHex = (value: string | null, field: ColourField) => toHex(parseColour(value) ?? parseColour(PRODUCT[field])!);

export async function loadBrand(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "branches");
  const stored = await brandSettingsOf(env, tenant);
  const colours = Object.fromEntries(COLOUR_FIELDS.map((f) => [f, asHex(stored.colours[f], f)])) as Record<ColourField, string>;
  const socials = Object.fromEntries(SOCIAL_TYPES.map((t, i) => [t, stored.socials[i] ?? ""])) as Record<SocialField, string>;
  const defaults = Object.fromEntries(COLOUR_FIELDS.map((f) => [f, PRODUCT[f]])) as Record<ColourField, string>;
  return data(
    { domain: member.domain, name: { name_en: member.name_en, name_ar: member.name_ar }, colours, socials, reviewUrl: stored.reviewUrl ?? "", defaults },
    { headers: CONSOLE_HEADERS },
  );
}

export type BrandOutcome =
  | { ok: true; saved: "colours" | "socials" }
  | { ok: false; form: "colours" | "socials" | null; problems: Partial<Record<string, FieldProblem>>; typed: Record<string, string> };

/** Each field's first problem, by its name in the form. */
function problemsOf(issues: readonly v.BaseIssue<unknown>[]): Partial<Record<string, FieldProblem>> {
  const problems: Partial<Record<string, FieldProblem>> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === "string") problems[key] ??= issue.message as FieldProblem;
  }
  return problems;
}

export async function brandAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "branches");
  const form = await readForm(request);
  const fields = form ? Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string")) : {};
  const intent = v.safeParse(Intent, fields.intent);
  if (!intent.success) return data<BrandOutcome>({ ok: false, form: null, problems: {}, typed: fields }, { status: 400, headers: CONSOLE_HEADERS });
  const refuse = (issues: readonly v.BaseIssue<unknown>[]) =>
    data<BrandOutcome>({ ok: false, form: intent.output, problems: problemsOf(issues), typed: fields }, { status: 422, headers: CONSOLE_HEADERS });
  if (intent.output === "colours") {
    const parsed = v.safeParse(ColoursForm, fields);
    if (!parsed.success) return refuse(parsed.issues);
    await saveColours(env, tenant, parsed.output);
  } else {
    const parsed = v.safeParse(SocialsForm(member.country), fields);
    if (!parsed.success) return refuse(parsed.issues);
    await saveSocials(
      env,
      tenant,
      SOCIAL_TYPES.map((t) => parsed.output[t]),
      parsed.output.review_url,
    );
  }
  return data<BrandOutcome>({ ok: true, saved: intent.output }, { headers: CONSOLE_HEADERS });
}
