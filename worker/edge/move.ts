// POST /_edge/move (ADMIN_SECRET): moves the old single D1's orders into the restaurants' objects, a
// few restaurants per request in id order (docs/decisions/0042); `npm run move-to-objects` calls it
// until `next` is null. Each object moves its own rows (Restaurant.adoptFromDirectory) a page per call.
import type { Context } from "hono";
import * as v from "valibot";
import { restaurantObject } from "../restaurant/stub";
import { adminRefusal } from "./admin-auth";
import { markMoved } from "../directory/old-tables";
import { restaurantsAfter } from "../directory/order-restaurants";

/** Restaurants looked at per request, and object calls (a page of up to 200 orders each) per request. */
const MOVE_RESTAURANTS = 25;
const MOVE_CALLS = 25;

const MoveBody = v.object({ after: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) });

interface MoveAnswer {
  next: number | null;
  restaurants: { id: number; moved: number; done: boolean }[];
}

async function moveBody(request: Request): Promise<{ after: number } | string> {
  const text = await request.text();
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      return 'The body must be JSON: {"after": restaurantId} or nothing';
    }
  }
  const body = v.safeParse(MoveBody, raw);
  if (!body.success) return `Invalid body: ${v.summarize(body.issues)}`;
  return { after: body.output.after ?? 0 };
}

/** Moves restaurants after `after` until the call budget runs out; `next` resumes where it stopped. */
export async function moveRestaurants(env: Env, after: number, calls = MOVE_CALLS): Promise<MoveAnswer> {
  const results = await restaurantsAfter(env.DB, after, MOVE_RESTAURANTS);
  const restaurants: MoveAnswer["restaurants"] = [];
  let resumeAfter = after;
  for (const restaurant of results) {
    const object = restaurantObject(env, restaurant);
    const entry = { id: restaurant.id, moved: 0, done: false };
    restaurants.push(entry);
    while (!entry.done && calls > 0) {
      const page = await object.adoptFromDirectory(restaurant.id);
      calls--;
      entry.moved += page.moved;
      entry.done = page.done;
    }
    // Out of calls mid-restaurant: the next request starts with it again (its object keeps its cursor).
    if (!entry.done) break;
    resumeAfter = restaurant.id;
  }
  // The directory remembers whose move finished: the old tables are dropped only when all have (worker/directory/old-tables.ts).
  await markMoved(
    env.DB,
    restaurants.filter((r) => r.done).map((r) => r.id),
  );
  if (restaurants.some((r) => !r.done)) return { next: resumeAfter, restaurants };
  return { next: results.length === MOVE_RESTAURANTS ? resumeAfter : null, restaurants };
}

export async function handleMove(c: Context<{ Bindings: Env }>) {
  const refusal = await adminRefusal(c.req.raw, c.env);
  if (refusal) return refusal;
  const body = await moveBody(c.req.raw);
  if (typeof body === "string") return c.json({ error: body }, 400);
  return c.json(await moveRestaurants(c.env, body.after), 200, { "Cache-Control": "no-store" });
}
