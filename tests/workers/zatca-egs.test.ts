// Onboarding a Saudi branch's EGS against the stand-in of ZATCA (issue 37 point 2; decision 0072), through
// the console's form: a bad OTP is refused with ZATCA's answer and stores nothing; the demo OTP leaves an
// active EGS with a certificate the stand-in issued, whose key signs; the key and the CSID secrets are in
// no response, no data file and no console line; another restaurant reaches none of it; bad bodies are
// 400/422, staff 403, a restaurant without a VAT number 422; 20 concurrent submits make one EGS; renewal.
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { onboardBranch } from "../../worker/console/egs-onboarding";
import { createRestaurant } from "../../worker/console/signup";
import { unsealText } from "../../worker/restaurant/egs-seal";
import { egsKey } from "../../worker/restaurant/egs-seal";
import { restaurantCall } from "../../worker/restaurant/stub";
import { egsSigner } from "../../worker/restaurant/zatca-egs";
import { toBase64, toHex } from "../../worker/zatca/bytes";
import { readCertificate } from "../../worker/zatca/certificate";
import { publicKeyOf } from "../../worker/zatca/keys";
import { catalogueRow, catalogueRun } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { ordersOf } from "./restaurant-rows";

let restaurant: number;
let branch: number;
let owner: string;
let otherOwner: string;
let otherRestaurant: number;
const seen: string[] = [];

async function saudiRestaurant(domain: string, trn: string | null) {
  const made = await createRestaurant(env, {
    domain,
    name_en: `Riyadh ${domain}`,
    name_ar: "مطعم الرياض",
    country: "SA",
    plan: "monthly",
    provider: "demo",
    owner: { phone: `+9665${String(Date.now()).slice(-7)}${domain.length}`.slice(0, 13), name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(made.restaurantId).run();
  await restaurantCall(env, { id: made.restaurantId }, "saveSellerRow", {
    legal_name_en: "Riyadh Grill LLC",
    legal_name_ar: "شركة مشويات الرياض",
    trn,
    address: "King Fahd Road, Riyadh",
    vat_bp: null,
    service_bp: 0,
    tips: null,
  });
  const first = (await catalogueRow<{ id: number }>(made.restaurantId, "SELECT id FROM branches LIMIT 1"))!.id;
  return { id: made.restaurantId, branch: first, owner: (await seedMember(made.restaurantId, "owner")).cookie };
}

const egsRows = (id: number) => ordersOf(id).prepare("SELECT * FROM zatca_egs").all<Record<string, string | number | null>>();
const post = (cookie: string, fields: Record<string, string>) => consolePost("/console/tax/egs", cookie, fields);

beforeAll(async () => {
  ({ id: restaurant, branch, owner } = await saudiRestaurant("riyadh-grill", "399999999900003"));
  ({ id: otherRestaurant, owner: otherOwner } = await saudiRestaurant("jeddah-grill", "300000000000003"));
});

// Everything written to the console while the tests run, to be searched for secrets.
beforeEach(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) =>
        void seen.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" ")),
    );
});
afterEach(() => vi.restoreAllMocks());

describe("onboarding a branch's EGS", () => {
  it("refuses a bad OTP with ZATCA's answer and stores nothing", async () => {
    const res = await post(owner, { intent: "onboard", branch: String(branch), otp: "000000" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { ok: boolean; problem: string; messages: { code: string }[] };
    expect(body).toMatchObject({ ok: false, problem: "otp" });
    expect(body.messages.map((m) => m.code)).toContain("Invalid-OTP");
    expect((await egsRows(restaurant)).results).toEqual([]);
  });

  it("onboards with the demo OTP: an active EGS whose certificate the stand-in issued for its key", async () => {
    const res = await post(owner, { intent: "onboard", branch: String(branch), otp: "123456" });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const { egs } = JSON.parse(text) as { egs: { state: string; environment: string; expires_at: number; serial: string } };
    expect(egs).toMatchObject({ state: "active", environment: "stand-in" });
    expect(egs.serial).toMatch(/^1-Menu\|2-web\|3-[0-9a-f-]{36}$/);
    expect(egs.expires_at).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    const signer = (await egsSigner(env, restaurant, branch))!;
    const certificate = readCertificate(signer.certificate);
    expect(certificate.issuerName).toBe("CN=ZATCA-Stand-In-CA, DC=stand-in, DC=local");
    expect(toHex(certificate.publicKey)).toBe(toHex(publicKeyOf(signer.privateKey)));
    expect(certificate.notAfter.getTime()).toBe(egs.expires_at);
    // The screen shows it (and the owner is told nothing secret there either).
    const page = await exports.default.fetch("http://localhost/console/tax", { headers: { cookie: owner } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("ZATCA");
  });

  it("keeps the key and the CSID secrets out of every response, the data file and the console", async () => {
    const signer = (await egsSigner(env, restaurant, branch))!;
    const [row] = (await egsRows(restaurant)).results;
    const key = (await egsKey(env))!;
    const complianceSecret = (await unsealText(key, row!.compliance_secret as string, {
      restaurantId: restaurant,
      branchId: branch,
      purpose: "compliance-secret",
    }))!;
    const secrets = [toHex(signer.privateKey), toBase64(signer.privateKey), signer.secret, complianceSecret, row!.key_cipher as string, row!.secret as string];
    expect(secrets.every((s) => s.length >= 32)).toBe(true);
    // Stored sealed, never in clear.
    expect(JSON.stringify(row)).not.toContain(toHex(signer.privateKey));
    expect(JSON.stringify(row)).not.toContain(signer.secret);
    const answers = [
      await (await exports.default.fetch("http://localhost/console/tax", { headers: { cookie: owner } })).text(),
      await (await exports.default.fetch("http://localhost/console/tax.data", { headers: { cookie: owner } })).text(),
      await (await exports.default.fetch("http://localhost/console/account/export", { headers: { cookie: owner } })).text(),
      await (await post(owner, { intent: "onboard", branch: String(branch), otp: "123456" })).text(),
    ];
    const file = JSON.parse(answers[2]!) as { tables: { zatca_egs: Record<string, unknown>[] }; left_out: string[] };
    expect(file.tables.zatca_egs).toHaveLength(1);
    expect(file.tables.zatca_egs[0]).toMatchObject({ key_cipher: null, key_iv: null, secret: null, compliance_secret: null, state: "active" });
    expect(file.left_out).toContain("zatca_egs.key_cipher");
    for (const secret of secrets) {
      for (const answer of answers) expect(answer.includes(secret)).toBe(false);
      expect(
        seen
          .filter((line) => line.includes(secret))
          .map(
            (line) =>
              `secret ${secrets.indexOf(secret)} in ${line.length}: ${line.slice(0, 80)} … ${line.slice(line.indexOf(secret) - 200, line.indexOf(secret) + 50)}`,
          ),
      ).toEqual([]);
    }
  });

  it("lets no other restaurant read, sign with or onboard over the EGS", async () => {
    expect(await egsSigner(env, otherRestaurant, branch)).toBeNull();
    expect(await restaurantCall(env, { id: otherRestaurant }, "sealedEgs", branch)).toBeNull();
    expect(await restaurantCall(env, { id: otherRestaurant }, "egsView", branch)).toBeNull();
    const res = await post(otherOwner, { intent: "onboard", branch: String(branch), otp: "123456" });
    expect(res.status).toBe(404);
    expect((await egsRows(otherRestaurant)).results).toEqual([]);
    const renew = await post(otherOwner, { intent: "renew", branch: String(branch), otp: "123456" });
    expect(renew.status).toBe(404);
  });

  it("refuses bad bodies (400/422), staff (403), a second onboarding (409) and a restaurant without a VAT number (422)", async () => {
    expect((await post(owner, { intent: "onboard", otp: "123456" })).status).toBe(400);
    expect((await post(owner, { intent: "enrol", branch: String(branch), otp: "123456" })).status).toBe(400);
    expect((await post(owner, { intent: "onboard", branch: "x1", otp: "123456" })).status).toBe(400);
    const short = await post(owner, { intent: "onboard", branch: String(branch), otp: "12a4" });
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ ok: false, problem: "otpFormat" });
    expect((await post(owner, { intent: "onboard", branch: "999999", otp: "123456" })).status).toBe(404);
    expect((await post(owner, { intent: "onboard", branch: String(branch), otp: "123456" })).status).toBe(409);
    const staff = (await seedMember(restaurant, "staff", [branch])).cookie;
    expect((await post(staff, { intent: "onboard", branch: String(branch), otp: "123456" })).status).toBe(403);
    const plain = await saudiRestaurant("dammam-cafe", null);
    const noVat = await post(plain.owner, { intent: "onboard", branch: String(plain.branch), otp: "123456" });
    expect(noVat.status).toBe(422);
    expect(await noVat.json()).toMatchObject({ ok: false, problem: "noVat" });
    expect((await egsRows(plain.id)).results).toEqual([]);
  });

  it("refuses to onboard (503) without the deploy's key secret or a ZATCA, storing nothing", async () => {
    const plain = await saudiRestaurant("tabuk-grill", "311111111100003");
    const tenant = { id: plain.id, domain: "tabuk-grill", country: "SA" };
    expect(await onboardBranch({ ...env, ZATCA_KEY_SECRET: undefined }, tenant, "SA", plain.branch, "123456")).toMatchObject({
      ok: false,
      problem: "unconfigured",
    });
    expect(await onboardBranch({ ...env, ZATCA_KEY_SECRET: "not hex" }, tenant, "SA", plain.branch, "123456")).toMatchObject({
      ok: false,
      problem: "unconfigured",
    });
    expect(await onboardBranch({ ...env, DEMO_PROVIDERS: "" }, tenant, "SA", plain.branch, "123456")).toMatchObject({ ok: false, problem: "unconfigured" });
    expect(await onboardBranch(env, { ...tenant, country: "AE" }, "AE", plain.branch, "123456")).toMatchObject({ ok: false, problem: "notSaudi" });
    expect((await egsRows(plain.id)).results).toEqual([]);
  });

  it("makes one EGS of 20 concurrent submits for one branch", async () => {
    await catalogueRun(
      restaurant,
      "INSERT INTO branches (restaurant_id, name_en, name_ar, time_zone) VALUES (?, 'Olaya', 'العليا', 'Asia/Riyadh')",
      restaurant,
    );
    const second = (await catalogueRow<{ id: number }>(restaurant, "SELECT max(id) AS id FROM branches"))!.id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(owner, { intent: "onboard", branch: String(second), otp: "654321" })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = (await egsRows(restaurant)).results.filter((r) => r.branch_id === second);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "active" });
    expect(await egsSigner(env, restaurant, second)).not.toBeNull();
  });

  it("renews the production CSID with a new key, keeping the EGS's serial and chain", async () => {
    const before = (await egsSigner(env, restaurant, branch))!;
    expect((await post(owner, { intent: "renew", branch: String(branch), otp: "000000" })).status).toBe(400);
    const res = await post(owner, { intent: "renew", branch: String(branch), otp: "222333" });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await egsSigner(env, restaurant, branch))!;
    expect(after.certificate).not.toBe(before.certificate);
    expect(toHex(after.privateKey)).not.toBe(toHex(before.privateKey));
    expect(after.serial).toBe(before.serial);
  });
});
