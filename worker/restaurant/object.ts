// The restaurant's own Durable Object (one per restaurant, SQLite storage): the data that belongs to
// one restaurant lives here, not in the shared D1 directory (docs/decisions/0040). It brings its schema
// up to date before it serves; an object nobody has written to stays empty (a read of it finds nothing
// and writes nothing, so a made-up restaurant id creates no storage). Expired rows go on its own alarm.
import { DurableObject } from "cloudflare:workers";
import { ADOPT_PAGE, adoptState, readOldPage, storePage, type AdoptResult } from "./adopt";
import { adoptedRestaurant, branchIdsOf, catalogueAdopted, markAdopted, partsHeld, partsOfVersion, readOldCatalogue, storeCatalogue } from "./adopt-catalogue";
import { registerBranches } from "../directory/branch-ids";
import { issueCode, pruneExpired, tokenOwner, tryCode, voidCode, type CodeTry, type NewCode, type TokenOwner } from "./codes";
import { DUMP_FORMAT, exportTables, importDump, type ImportResult, type RestaurantDump } from "./dump";
import { operation } from "./calls";
import { localStore } from "./local-store";
import { answerPrinter, type PrinterAnswer, type PrinterCall } from "./printer-calls";
import { migrate, SCHEMA_VERSION, schemaVersion } from "./schema";
import { expireSwitches, nextSwitch, pruneVisitHours } from "./switch-clock";
import { bumpTenantVersion } from "../directory/versions";
import { queueDue, STALE_MS } from "./webhook-outbox";
import { claimAttempt, recordAttempt, type Answer, type Attempt } from "./webhook-deliveries";
import type { Lane } from "../rules/webhook-lanes";
import { queueReports, STALE_MS as REPORT_STALE_MS } from "./zatca-outbox";
import { recordClearance } from "./b2b-rows";
import { claimClearance, claimReport, recordReport, type ReportAttempt, type ReportOutcome } from "./zatca-reports";
import { stampMarked } from "./zatca-stamp";

/** How often the alarm clears expired codes and tokens while any are left. */
const PRUNE_EVERY_MS = 86_400_000;

export class Restaurant extends DurableObject<Env> {
  /** The schema is current in storage (checked once per instance, not on every call). */
  private ready = false;
  /** The restaurant this object was checked to be (idFromName is a hash: done once). */
  private owner: number | null = null;
  /** The catalogue's move from D1 under way, shared by the calls that arrive meanwhile. */
  private adopting: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // An object with data is brought to the current schema before any call reaches it (an older one
    // with the currency its amounts are in and the country its branches' clocks follow: the
    // directory's, read while calls wait).
    const found = schemaVersion(ctx.storage.sql);
    if (found >= SCHEMA_VERSION) this.ready = true;
    else if (found > 0) {
      void ctx.blockConcurrencyWhile(async () => {
        const { currency, country } = await this.directoryRow(adoptedRestaurant(ctx.storage.kv));
        migrate(ctx.storage, SCHEMA_VERSION, currency, country);
        this.ready = true;
      });
    }
  }

  /**
   * The restaurant's currency and country, from the directory (AED, everyone's before decision 0052,
   * and no country when it is not known: a migration then changes no branch's zone).
   */
  private async directoryRow(restaurantId: number | null): Promise<{ currency: string; country: string }> {
    if (restaurantId === null) return { currency: "AED", country: "" };
    const row = await this.env.DB.prepare("SELECT currency, country FROM restaurants WHERE id = ?")
      .bind(restaurantId)
      .first<{ currency: string | null; country: string | null }>();
    return { currency: row?.currency ?? "AED", country: row?.country ?? "" };
  }

  /** The restaurant's currency, from the directory (AED when it is not known). */
  private async currencyOf(restaurantId: number | null): Promise<string> {
    return (await this.directoryRow(restaurantId)).currency;
  }

  /** For a write: the schema in place (a first write creates it). */
  private writable(): SqlStorage {
    if (!this.ready) {
      migrate(this.ctx.storage);
      this.ready = true;
    }
    return this.ctx.storage.sql;
  }

  /** For a read: the storage, or null when nothing was ever written here. */
  private readable(): SqlStorage | null {
    return this.ready ? this.ctx.storage.sql : null;
  }

  private async pruneLater(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + PRUNE_EVERY_MS);
  }

  async issueCode(code: NewCode): Promise<number> {
    const sql = this.writable();
    const id = this.ctx.storage.transactionSync(() => issueCode(sql, code));
    await this.pruneLater();
    return id;
  }

  voidCode(id: number): void {
    const sql = this.readable();
    if (sql) voidCode(sql, id);
  }

  /** A diner's try at their code; a right one stores the token given and answers true. */
  async tryCode(attempt: CodeTry): Promise<boolean> {
    const sql = this.readable();
    if (!sql) return false;
    const right = this.ctx.storage.transactionSync(() => tryCode(sql, attempt));
    if (right) await this.pruneLater();
    return right;
  }

  tokenOwner(tokenHash: string, now: number): TokenOwner | null {
    const sql = this.readable();
    return sql ? tokenOwner(sql, tokenHash, now) : null;
  }

  /**
   * A webhook delivery claimed for one attempt by the queue's consumer (worker/webhooks/deliver.ts):
   * what to send, or null. The message names this object, not the restaurant, so it is its own method.
   */
  async claimWebhookAttempt(delivery: number, lane: Lane): Promise<Attempt | null> {
    if (!this.readable()) return null;
    const attempt = await claimAttempt(localStore(this.ctx.storage).store, delivery, Date.now(), lane);
    // Not taken: it may have been handed back to be queued on its endpoint's lane.
    if (!attempt) this.ctx.waitUntil(this.sendWebhooks());
    return attempt;
  }

  /** The endpoint's answer to that attempt; its retry is queued by the alarm and the webhooks it made due. True when the endpoint was switched off. */
  async recordWebhookAttempt(delivery: number, attempt: number, answer: Answer): Promise<boolean> {
    if (!this.readable()) return false;
    const switchedOff = await recordAttempt(localStore(this.ctx.storage).store, delivery, attempt, answer);
    await this.pruneLater();
    this.ctx.waitUntil(this.sendWebhooks());
    return switchedOff;
  }

  /** The webhook deliveries a write made due go to the queue; the alarm comes back for any lost on the way. */
  private async sendWebhooks(): Promise<boolean> {
    const queues = { main: this.env.WEBHOOKS, slow: this.env.WEBHOOKS_SLOW };
    const pending = await queueDue(this.ctx.storage.sql, queues, this.ctx.id.toString());
    if (pending) await this.wakeBy(Date.now() + STALE_MS + 1000);
    return pending;
  }

  /** Refuses a restaurant id that is not this object's own (`restaurant:{id}`). */
  private ownedBy(restaurantId: number): void {
    if (this.owner === restaurantId) return;
    if (!this.env.RESTAURANT.idFromName(`restaurant:${restaurantId}`).equals(this.ctx.id)) {
      throw new Error(`This object is not restaurant:${restaurantId}'s; it does not take that restaurant's rows`);
    }
    this.owner = restaurantId;
  }

  /** The catalogue is here: moved from D1 on the first call that needs it (./adopt-catalogue.ts). */
  private async catalogueReady(restaurantId: number): Promise<void> {
    const sql = this.writable();
    // Holding this restaurant's catalogue already (taken, or imported from its file) is enough.
    if (catalogueAdopted(this.ctx.storage.kv, restaurantId)) return;
    this.ownedBy(restaurantId);
    this.adopting ??= (async () => {
      // Only the parts not here yet (a part moved by a later version joins an object that took the rest).
      const tables = await readOldCatalogue(this.env.DB, restaurantId, partsHeld(this.ctx.storage.kv));
      const currency = await this.currencyOf(restaurantId);
      // The directory learns whose branches these are before they are served from here.
      await registerBranches(this.env.DB, restaurantId, branchIdsOf(tables));
      this.ctx.storage.transactionSync(() => {
        if (!catalogueAdopted(this.ctx.storage.kv, restaurantId)) storeCatalogue(sql, this.ctx.storage.kv, restaurantId, tables, currency);
      });
    })().finally(() => {
      this.adopting = null;
    });
    await this.adopting;
  }

  /** A kitchen printer's poll, fetch or confirmation (./printer-calls.ts); an object nobody wrote to knows no printer and stays empty. */
  printerCall(call: PrinterCall): PrinterAnswer {
    return this.ready ? answerPrinter(this.ctx.storage, call) : { found: false };
  }

  /**
   * One of the restaurant's operations (./calls.ts), by name, on its own SQLite once the catalogue is
   * here: the worker calls it typed through stub.ts `restaurantCall`. A write sets the alarm for the
   * next switch and for expired rows, and sends the webhooks it made due.
   */
  async call(restaurantId: number, name: string, args: unknown[]): Promise<unknown> {
    const run = operation(name);
    await this.catalogueReady(restaurantId);
    const local = localStore(this.ctx.storage);
    const result = await run(local.store, restaurantId, ...args);
    if (local.wrote()) {
      // An invoice or credit note it issued is a signed Phase-2 document before the call answers (./zatca-stamp.ts).
      await stampMarked(this.ctx.storage, this.env, restaurantId);
      await this.alarmForSwitches();
      await this.pruneLater();
      this.ctx.waitUntil(this.sendWebhooks());
      this.ctx.waitUntil(this.sendReports());
    }
    return result;
  }

  /** The branches with documents due go to the ZATCA queue; the alarm comes back for any lost on the way. */
  private async sendReports(): Promise<boolean> {
    const pending = await queueReports(this.ctx.storage.sql, this.env.ZATCA, this.ctx.id.toString());
    if (pending) await this.wakeBy(Date.now() + REPORT_STALE_MS + 1000);
    return pending;
  }

  /** The branch's next document to send, claimed for one attempt by the ZATCA queue's consumer (worker/einvoices/report.ts), with its restaurant; or null. */
  claimZatcaReport(branchId: number): { restaurant: number; attempt: ReportAttempt } | null {
    const restaurant = adoptedRestaurant(this.ctx.storage.kv);
    const sql = this.readable();
    if (!sql || restaurant === null) return null;
    const attempt = claimReport(sql, branchId, Date.now());
    return attempt && { restaurant, attempt };
  }

  /** A diner's B2B invoice, stamped, claimed for its one attempt at clearance (worker/contract/b2b-invoice.ts); or null. */
  claimZatcaClearance(document: number): ReportAttempt | null {
    const sql = this.readable();
    return sql && claimClearance(sql, document, Date.now());
  }

  /** ZATCA's answer to that clearance, final; once cleared, the simplified invoice's voiding credit note is stamped and queued. */
  async recordZatcaClearance(restaurantId: number, document: number, attempt: number | null, outcome: ReportOutcome): Promise<void> {
    this.ownedBy(restaurantId);
    const sql = this.readable();
    if (!sql) return;
    this.ctx.storage.transactionSync(() => recordClearance(sql, document, attempt, outcome, Date.now()));
    await stampMarked(this.ctx.storage, this.env, restaurantId);
    this.ctx.waitUntil(this.sendReports());
  }

  /** ZATCA's answer to that attempt; true when the branch's next document may follow. A retry is queued with its delay. */
  recordZatcaReport(document: number, attempt: number, outcome: ReportOutcome): boolean {
    const sql = this.readable();
    if (!sql) return false;
    const done = recordReport(sql, document, attempt, outcome, Date.now());
    if (!done) this.ctx.waitUntil(this.sendReports());
    return done;
  }

  /** The whole restaurant as one file (./dump.ts); the object does not know its own id, the caller names it. */
  async exportData(restaurant: number): Promise<RestaurantDump> {
    // The catalogue is in the file even when nothing has asked for it here yet.
    await this.catalogueReady(restaurant);
    const sql = this.writable();
    return { format: DUMP_FORMAT, version: SCHEMA_VERSION, restaurant, exported_at: new Date().toISOString(), ...exportTables(sql) };
  }

  /** Replaces every row with the dump's, all or nothing; another restaurant's dump only with allowOther. */
  async importData(dump: unknown, target: { restaurant: number; allowOther: boolean }): Promise<ImportResult> {
    this.writable();
    const result = importDump(this.ctx.storage, SCHEMA_VERSION, dump, { ...target, ...(await this.directoryRow(target.restaurant)) });
    // The file is the whole catalogue: nothing of D1's is to be added to it later.
    if (result.ok) markAdopted(this.ctx.storage.kv, target.restaurant, partsOfVersion(result.version));
    if (result.ok && result.rows > 0) await this.pruneLater();
    return result;
  }

  /**
   * One page of this restaurant's old rows moved from D1 into here (./adopt.ts, docs/decisions/0042):
   * call until `done`. The id must be this object's own (`restaurant:{id}`); the object remembers it.
   */
  async adoptFromDirectory(restaurantId: number): Promise<AdoptResult> {
    // The catalogue first (once), then the orders page by page.
    this.ownedBy(restaurantId);
    await this.catalogueReady(restaurantId);
    const { after } = adoptState(this.ctx.storage.kv, restaurantId);
    const rows = await readOldPage(this.env.DB, restaurantId, after);
    // Nothing (left) to move: nothing written, so a restaurant that never had an order keeps an empty object.
    if (rows.orders.length === 0) return { moved: 0, done: true };
    const sql = this.writable();
    const currency = await this.currencyOf(restaurantId);
    const moved = this.ctx.storage.transactionSync(() => storePage(sql, this.ctx.storage.kv, restaurantId, rows, currency));
    return { moved, done: rows.orders.length < ADOPT_PAGE };
  }

  /** The alarm comes no later than `at` (an earlier one already set stays). */
  private async wakeBy(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  /** After a catalogue write: the next switch's end, or the daily prune of visit buckets. */
  private async alarmForSwitches(): Promise<void> {
    await this.wakeBy(nextSwitch(this.ctx.storage.sql) ?? Date.now() + PRUNE_EVERY_MS);
  }

  /**
   * Expired codes and tokens, visit buckets past their retention, switches whose moment passed (the
   * restaurant's cached pages are then purged) and webhook deliveries whose message was lost; it comes
   * back at the next switch, in a day while rows that expire are left, sooner while deliveries wait.
   */
  async alarm(): Promise<void> {
    const sql = this.readable();
    if (!sql) return;
    const now = Date.now();
    const codesLeft = pruneExpired(sql, now);
    pruneVisitHours(sql, now);
    if (expireSwitches(sql, now)) await this.purgeEdge();
    const bucketsLeft = sql.exec("SELECT 1 FROM visit_hours LIMIT 1").toArray().length > 0;
    const webhooksLeft = await this.sendWebhooks();
    const restaurantId = adoptedRestaurant(this.ctx.storage.kv);
    if (restaurantId !== null) await stampMarked(this.ctx.storage, this.env, restaurantId);
    const reportsLeft = await this.sendReports();
    const next = [
      nextSwitch(sql),
      codesLeft || bucketsLeft ? now + PRUNE_EVERY_MS : null,
      webhooksLeft ? now + STALE_MS + 1000 : null,
      reportsLeft ? now + REPORT_STALE_MS + 1000 : null,
    ].filter((t): t is number => t !== null);
    if (next.length) await this.ctx.storage.setAlarm(Math.max(now + 1000, Math.min(...next)));
  }

  /** Diners' cached pages of this restaurant miss from now on (its domain from the directory). */
  private async purgeEdge(): Promise<void> {
    const restaurantId = adoptedRestaurant(this.ctx.storage.kv);
    if (restaurantId === null) return;
    const row = await this.env.DB.prepare("SELECT domain FROM restaurants WHERE id = ?").bind(restaurantId).first<{ domain: string }>();
    if (row) await bumpTenantVersion(this.env, row.domain);
  }
}
