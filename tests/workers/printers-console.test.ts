// The console's side of kitchen printers (docs/decisions/0057): the branch's printers page (add with the URL shown
// once, pair the MAC that asked, a new URL, remove; bounded per branch; staff and other restaurants kept
// out) and the board's "Reprint" (accepted orders only, once while a ticket waits, a paired printer needed).
import { exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { catalogueRow, catalogueRun, GRILL_ID } from "./catalogue";
import { consolePost, seedMember } from "./console-members";
import { json } from "./helpers";
import { confirm, fetchJob, jobsOf, MAC, noPrinters, order, OTHER_MAC, poll, printer, setStatus } from "./kitchen-printer-rows";
import { SAFFRON_ID } from "./restaurant-rows";

let owner: string;
beforeAll(async () => {
  owner = (await seedMember(SAFFRON_ID, "owner")).cookie;
});
beforeEach(noPrinters);

describe("the branch's printers page", () => {
  const PAGE = "/console/branches/1/printers";
  const page = async (cookie: string, path = PAGE) => {
    const res = await exports.default.fetch(`http://localhost${path}?lng=en`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, html: await res.text() };
  };
  const act = (fields: Record<string, string>, cookie = owner, path = PAGE) => consolePost(path, cookie, fields);
  const urlIn = (html: string) => /http:\/\/localhost\/cloudprnt\/\d+-\d+-[0-9a-f]{32}/.exec(html)?.[0] ?? null;

  it("adds a printer showing its URL once, pairs the MAC that asked, gives a new URL and removes it", async () => {
    const added = await act({ intent: "add", name: "  Hot line " });
    expect(added.status).toBe(200);
    const url = urlIn(await added.text())!;
    expect(url).toMatch(/^http:\/\/localhost\/cloudprnt\/1-\d+-[0-9a-f]{32}$/);
    const key = url.split("/").at(-1)!;
    const id = Number(key.split("-")[1]);
    expect(await catalogueRow(SAFFRON_ID, "SELECT name, mac FROM printers WHERE id = ?", id)).toEqual({ name: "Hot line", mac: null });
    // Shown once: the page itself never has it.
    const shown = await page(owner);
    expect(urlIn(shown.html)).toBeNull();
    expect(shown.html).toContain("Waiting for the printer to call in");
    for (const step of ["self-test page", "CloudPRNT on", "polling interval to 5 seconds"]) expect(shown.html).toContain(step);

    expect(await json(await poll(key))).toEqual({ jobReady: false });
    expect((await page(owner)).html).toContain(`Printer \u2066${MAC}\u2069 is asking to connect — pair it`);
    // Pairing names the MAC that was shown: another one is refused (409), a bad one 422.
    expect((await act({ intent: "pair", printer: String(id), mac: OTHER_MAC })).status).toBe(409);
    expect((await act({ intent: "pair", printer: String(id), mac: "nope" })).status).toBe(422);
    expect((await act({ intent: "pair", printer: String(id), mac: MAC })).status).toBe(200);
    expect((await act({ intent: "pair", printer: String(id), mac: MAC })).status).toBe(409);
    expect(await catalogueRow(SAFFRON_ID, "SELECT mac FROM printers WHERE id = ?", id)).toEqual({ mac: MAC });
    expect((await page(owner)).html).toContain("Connected · last seen");

    // A new URL: the old one stops working at once, the pairing stays.
    const renewed = urlIn(await (await act({ intent: "renew", printer: String(id) })).text())!;
    expect(renewed).not.toBe(url);
    expect((await poll(key)).status).toBe(404);
    expect((await poll(renewed.split("/").at(-1)!)).status).toBe(200);
    expect((await act({ intent: "remove", printer: String(id) })).status).toBe(200);
    expect(await catalogueRow(SAFFRON_ID, "SELECT id FROM printers WHERE id = ?", id)).toBeNull();
  });

  it("bounds a branch's printers (409 past four), refuses bad names (422) and forms (400), keeps staff out (403)", async () => {
    // 50 owners' taps at once: the branch's four, the rest refused.
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => act({ intent: "add", name: `Line ${i}` })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(46);
    expect((await catalogueRow<{ n: number }>(SAFFRON_ID, "SELECT count(*) AS n FROM printers WHERE branch_id = 1"))!.n).toBe(4);
    await catalogueRun(SAFFRON_ID, "DELETE FROM printers");
    for (const name of ["", "x".repeat(41), "Hot\u202Eline", "two\nlines"]) expect((await act({ intent: "add", name })).status, name).toBe(422);
    expect((await act({ intent: "dance" })).status).toBe(400);
    expect((await act({ intent: "remove", printer: "abc" })).status).toBe(400);
    const staff = (await seedMember(SAFFRON_ID, "staff", [1])).cookie;
    expect((await page(staff)).status).toBe(403);
    expect((await act({ intent: "add", name: "Sneaky" }, staff)).status).toBe(403);
  });

  it("answers 404 for another restaurant's branch and printer", async () => {
    const grillPrinter = await printer(null, 3, GRILL_ID);
    expect((await page(owner, "/console/branches/3/printers")).status).toBe(404);
    expect((await page(owner, "/console/branches/x/printers")).status).toBe(404);
    for (const intent of ["renew", "remove"]) expect((await act({ intent, printer: String(grillPrinter.id) })).status, intent).toBe(404);
    expect((await act({ intent: "pair", printer: String(grillPrinter.id), mac: MAC })).status).toBe(404);
    expect(await catalogueRow(GRILL_ID, "SELECT id FROM printers WHERE id = ?", grillPrinter.id)).toEqual({ id: grillPrinter.id });
  });
});

describe("the board's reprint", () => {
  const reprint = (cookie: string, orderId: number) => consolePost("/console/orders?branch=1", cookie, { intent: "reprint", order_id: String(orderId) });

  it("queues a ticket again on each paired printer for an accepted order, once while it waits", async () => {
    const p = await printer();
    const o = await order();
    expect((await reprint(owner, o.id)).status).toBe(409);
    await setStatus(o.id, 1);
    const { jobToken } = await json(await poll(p.key));
    expect((await confirm(p.key, jobToken)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => reprint(owner, o.id)));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const jobs = await jobsOf(o.id);
    expect(jobs.map((j) => j.reason)).toEqual(["order", "reprint"]);
    const again = await json(await poll(p.key));
    expect(again.jobToken).toBe(jobs[1]!.token);
    expect(await (await fetchJob(p.key, again.jobToken)).text()).toContain("REPRINT");
    // The board shows the button on accepted orders only while the branch has a paired printer.
    const page = await (await exports.default.fetch("http://localhost/console/orders?branch=1&lng=en", { headers: { cookie: owner } })).text();
    expect(page).toContain('data-testid="reprint-order"');
  });

  it("refuses without a paired printer (409), and another restaurant's member (404)", async () => {
    const o = await order();
    await setStatus(o.id, 1);
    expect((await reprint(owner, o.id)).status).toBe(409);
    await printer();
    const grill = (await seedMember(GRILL_ID, "owner")).cookie;
    expect((await consolePost("/console/orders", grill, { intent: "reprint", order_id: String(o.id) })).status).toBe(404);
    expect((await reprint(owner, o.id)).status).toBe(200);
  });
});
