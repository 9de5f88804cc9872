// Sign-up's directory write: a new restaurant, its owner (the person, their membership) and an
// incomplete subscription, in ONE D1 batch (a transaction: a failure leaves nothing half-made); its first
// branch and empty menu go to its object after (worker/console/signup.ts). Two sign-ups racing for one address meet at restaurants.domain's UNIQUE: one wins, the
// other is told "taken". The restaurant is a draft (./drafts.ts) until its trial starts, and its INSERT
// only happens while the owner has fewer than MAX_DRAFTS drafts: a burst cannot make more.
import { claimBranchId } from "./branch-ids";
import { DRAFT, draftsOwnedBy, MAX_DRAFTS } from "./drafts";
import { ensurePersonStatement } from "./people";
import { slugProblem, type SlugProblem } from "../rules/reserved";
import { currencyOfCountry } from "../rules/currencies";

export type Plan = "monthly" | "annual";
export type Availability = { available: true } | { available: false; reason: SlugProblem | "taken" };

/** Whether `domain` can be a new restaurant's address now (sign-up checks again when it writes). */
export async function domainAvailability(db: D1Database, domain: string): Promise<Availability> {
  const problem = slugProblem(domain);
  if (problem) return { available: false, reason: problem };
  const taken = await db.prepare("SELECT 1 FROM restaurants WHERE domain = ?").bind(domain).first();
  return taken ? { available: false, reason: "taken" } : { available: true };
}

/** The address a name falls back to when it gives none (too short, or no letters we can write). */
const FALLBACK_DOMAIN = "restaurant";
const SUFFIXES = 20;

/**
 * A free address near `base` (made by slugFromName): `base` itself, else `base-2` … `base-20`, else
 * `base-` and four random digits; a base the rule refuses (empty, reserved) starts from its suffixed
 * forms or the fallback. One query for the numbered ones. Sign-up still checks again when it writes.
 */
export async function suggestDomain(db: D1Database, base: string): Promise<string> {
  const start = slugProblem(base) === "invalid" ? FALLBACK_DOMAIN : base;
  const room = (suffix: string) => `${start.slice(0, 40 - suffix.length).replace(/-+$/, "")}${suffix}`;
  const candidates = [start, ...Array.from({ length: SUFFIXES - 1 }, (_, i) => room(`-${i + 2}`))].filter((c) => !slugProblem(c));
  const marks = candidates.map(() => "?").join(", ");
  const taken = new Set(
    (
      await db
        .prepare(`SELECT domain FROM restaurants WHERE domain IN (${marks})`)
        .bind(...candidates)
        .all<{ domain: string }>()
    ).results.map((r) => r.domain),
  );
  const free = candidates.find((c) => !taken.has(c));
  if (free) return free;
  for (let tries = 0; tries < 5; tries++) {
    const random = room(`-${(crypto.getRandomValues(new Uint16Array(1))[0]! % 9000) + 1000}`);
    if ((await domainAvailability(db, random)).available) return random;
  }
  return room(`-${Date.now().toString(36)}`);
}

export interface NewRestaurant {
  domain: string;
  name_en: string;
  name_ar: string;
  country: string;
  /** The first branch's IANA zone (sign-up's choice among the country's several); else the country's own. */
  time_zone?: string;
  plan: Plan;
  provider: "stripe" | "demo";
  /** The owner: an existing person (signed in) or one made from a confirmed phone. */
  owner: { personId: number } | { phone: string; name: string };
}

const isUniqueDomain = (error: unknown) => /UNIQUE constraint failed: restaurants\.domain/.test(String((error as Error)?.message ?? error));
// The restaurant's conditional INSERT made no row (too many drafts): the membership after it has no restaurant.
const isNoRestaurant = (error: unknown) => /NOT NULL constraint failed: members\.restaurant_id/.test(String((error as Error)?.message ?? error));

/**
 * Creates the directory's rows all or nothing (the restaurant, its owner, the membership, the
 * subscription) and claims its first branch's id: the restaurant's, owner's and branch's ids, "taken"
 * when the address went first, or "drafts" when the owner already has MAX_DRAFTS drafts.
 */
export async function createRestaurantRows(
  db: D1Database,
  input: NewRestaurant,
  now = Date.now(),
): Promise<{ restaurantId: number; personId: number; branchId: number } | "taken" | "drafts"> {
  const restaurant = "(SELECT id FROM restaurants WHERE domain = ?1)";
  const person = "personId" in input.owner ? "?2" : "(SELECT id FROM people WHERE phone = ?2)";
  const ownerKey = "personId" in input.owner ? input.owner.personId : input.owner.phone;
  try {
    const [made, ...rest] = await db.batch([
      db
        .prepare(
          `INSERT INTO restaurants (domain, name_en, name_ar, country, currency, is_active) SELECT ?1, ?2, ?3, ?4, ?6, ${DRAFT} WHERE ${draftsOwnedBy("personId" in input.owner ? "?5" : "(SELECT id FROM people WHERE phone = ?5)")} < ${MAX_DRAFTS} RETURNING id`,
        )
        // Priced in its country's currency from the start (worker/rules/money.ts); the owner may change it before the first order.
        .bind(input.domain, input.name_en, input.name_ar, input.country, ownerKey, currencyOfCountry(input.country)),
      ...("personId" in input.owner ? [] : [ensurePersonStatement(db, input.owner.phone, input.owner.name, now)]),
      db
        .prepare(`INSERT INTO members (restaurant_id, person_id, role, created_at) VALUES (${restaurant}, ${person}, 'owner', ?3) RETURNING person_id`)
        .bind(input.domain, ownerKey, now),
      db
        .prepare(`INSERT INTO subscriptions (restaurant_id, plan, status, provider, updated_at) VALUES (${restaurant}, ?2, 'incomplete', ?3, ?4)`)
        .bind(input.domain, input.plan, input.provider, now),
    ]);
    const member = rest.at(-2) as D1Result<{ person_id: number }>;
    const restaurantId = (made as D1Result<{ id: number }>).results[0]!.id;
    const branchId = await claimBranchId(db, restaurantId);
    return { restaurantId, personId: member.results[0]!.person_id, branchId };
  } catch (error) {
    if (isUniqueDomain(error)) return "taken";
    if (isNoRestaurant(error)) return "drafts";
    throw error;
  }
}
