// The one way the site talks to a restaurant API: a typed Hono client, one function per catalogue
// call of docs/CONTRACT.md, each answer parsed by its schema and read through the edge cache.
import { hc } from "hono/client";
import * as v from "valibot";
import type { ApiType } from "../contract/catalogue";
import { callThrough, readThrough, type EdgeCacheDeps } from "./cache";
import { cacheKeyUrl, type KeyPart } from "../rules/cache-key";
import { readAnswer, readEnvelope, sent, withTimeout, type AnswerLike } from "./fetch-json";
import * as s from "./schemas";
import type { ServerTimings } from "./timing";

// Bump when a schema's output changes, so entries written by an older deploy are not read back
// (s3: menus carry their categories' windows, a restaurant its selling terms).
const SCHEMA_VERSION = "s3";

export interface UpstreamConfig {
  /** Base URL of the restaurant API, ending in /api. */
  baseUrl: string;
  /** Where `{path}` images live: `${imageBase}${path}`. */
  imageBase: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export interface UpstreamDeps {
  config: UpstreamConfig;
  cache: EdgeCacheDeps;
  timings: ServerTimings;
  /** Origin used for cache key URLs. */
  keyOrigin: string;
  /**
   * Which restaurant API answers ("embedded" or the external base URL, see upstreamSource): part of
   * every key, so a switch of UPSTREAM_URL never serves what the other source answered.
   */
  source: string;
  /** Current cache version of a restaurant; the purge endpoint bumps it. */
  versionOf(domain: string): Promise<string>;
}

export function createUpstream(deps: UpstreamDeps) {
  const api = hc<ApiType>(deps.config.baseUrl, { fetch: deps.config.fetch });

  /** The cache key of one call's answer for this restaurant (its current version). */
  async function keyOf(name: string, domain: string, args: readonly KeyPart[]) {
    const version = await deps.versionOf(domain);
    return cacheKeyUrl(deps.keyOrigin, ["upstream", SCHEMA_VERSION, deps.source, domain, version, name, ...args]);
  }

  /** Reads `load()` through the edge cache under this restaurant's key, timing it for Server-Timing. */
  async function throughCache<T>(name: string, domain: string, args: readonly KeyPart[], load: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const key = await keyOf(name, domain, args);
    try {
      const { value, status } = await readThrough(deps.cache, key, load);
      deps.timings.add({ name, desc: status, started });
      return value;
    } catch (error) {
      deps.timings.add({ name, desc: "MISS", started, failed: true });
      throw error;
    }
  }

  /** One contract call: `send` makes the request, the answer must pass `schema` to be used or stored. */
  function cached<S extends v.GenericSchema>(
    name: string,
    domain: string,
    args: readonly KeyPart[],
    schema: S,
    send: () => Promise<AnswerLike>,
  ): Promise<v.InferOutput<S>> {
    return throughCache(name, domain, args, () => readEnvelope(name, send, schema, deps.config.timeoutMs));
  }

  // The calls that count a visit when sent with visit=1 (docs/CONTRACT.md), by what is visited.
  const counting = {
    b: {
      name: "getMenu",
      schema: s.MenuData,
      send: (domain: string, id: number, visit: 0 | 1) => api.getMenu.$post({ json: { domain, branch_id: id, visit } }),
    },
    m: {
      name: "getCategory",
      schema: v.array(s.Category),
      send: (domain: string, id: number, visit: 0 | 1) => api.getCategory.$post({ json: { domain, menu_id: id, visit } }),
    },
    c: {
      name: "getProduct",
      schema: v.array(s.Product),
      send: (domain: string, id: number, visit: 0 | 1) => api.getProduct.$post({ json: { domain, category_id: id, visit } }),
    },
    // The existing backend's path joins id and visit with a literal "&".
    p: {
      name: "getProductById",
      schema: s.Product,
      send: (domain: string, id: number, visit: 0 | 1) => api.getProductById[":ref"].$post({ param: { ref: `${id}&${visit}` }, json: { domain } }),
    },
  };
  const read = <K extends keyof typeof counting>(kind: K, domain: string, id: number) => {
    const { name, schema, send } = counting[kind];
    return cached(name, domain, [id], schema as (typeof counting)[K]["schema"], () => send(domain, id, 0));
  };

  const calls = {
    imageBase: deps.config.imageBase,

    getBranch: (domain: string) => cached("getBranch", domain, [], s.BranchesData, () => api.getBranch.$post({ json: { domain } })),

    getMenu: (domain: string, branchId: number) => read("b", domain, branchId),
    getCategory: (domain: string, menuId: number) => read("m", domain, menuId),
    getProduct: (domain: string, categoryId: number) => read("c", domain, categoryId),
    getProductById: (domain: string, productId: number) => read("p", domain, productId),

    /**
     * A counted visit to an external API (worker/edge/visits.ts): the visit=1 call is always sent,
     * and its answer refreshes the cached copy only when that is due (callThrough).
     */
    countVisit: async (domain: string, kind: keyof typeof counting, id: number) => {
      const { name, schema, send } = counting[kind];
      const key = await keyOf(name, domain, [id]);
      const call = () =>
        withTimeout(
          sent(name, () => send(domain, id, 1)),
          deps.config.timeoutMs,
          name,
        );
      await callThrough(deps.cache, key, call, (answer) => withTimeout(readAnswer(name, answer, schema), deps.config.timeoutMs, name));
    },

    getOption: (domain: string, productId: number) =>
      cached("getOption", domain, [productId], s.OptionsData, () => api.getOption.$post({ json: { domain, product_id: productId } })),

    getStyle: (domain: string) => cached("getStyle", domain, [], s.StyleData, () => api.getStyle.$post({ json: { domain } })),

    getSocialMedia: (domain: string) => cached("getSocialMedia", domain, [], v.array(s.Social), () => api.getSocialMedia.$post({ json: { domain } })),

    // These three carry no domain upstream; the key still does, so tenants never share entries.
    getProductCommon: (domain: string, branchId: number) =>
      cached("getProductCommon", domain, [branchId], v.array(s.Product), () =>
        api.getProductCommon[":branch_id"].$get({ param: { branch_id: String(branchId) } }),
      ),

    getProductNew: (domain: string, branchId: number) =>
      cached("getProductNew", domain, [branchId], v.array(s.Product), () => api.getProductNew[":branch_id"].$get({ param: { branch_id: String(branchId) } })),

    getProductPriceOffer: (domain: string, branchId: number) =>
      cached("getProductPriceOffer", domain, [branchId], s.OffersData, () =>
        api.getProductPriceOffer[":ref"].$get({ param: { ref: `${branchId}&${domain}` } }),
      ),
  };

  /**
   * A branch's whole catalogue (every category of every menu, with its products), built from the
   * calls above and cached as one entry, so search reads one entry instead of one per category.
   */
  const getCatalogue = (domain: string, branchId: number) =>
    throughCache("catalogue", domain, [branchId], async () => {
      const { menu } = await calls.getMenu(domain, branchId);
      const perMenu = await Promise.all(menu.map(async (m) => (await calls.getCategory(domain, m.id)).map((c) => ({ ...c, menu_id: m.id }))));
      const categories = perMenu.flat();
      const perCategory = await Promise.all(
        categories.map(async (c) =>
          (await calls.getProduct(domain, c.id)).map((p) => ({ ...p, menu_id: p.menu_id ?? c.menu_id, category_id: p.category_id ?? c.id })),
        ),
      );
      return { categories, products: perCategory.flat() };
    });

  return { ...calls, getCatalogue };
}

export type Upstream = ReturnType<typeof createUpstream>;
