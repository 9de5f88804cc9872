// The webhook rules that need no runtime: which URLs may be endpoints (no SSRF) for a deployed site and a
// local one, and the signature's round trip (a changed byte, secret or an old timestamp is refused).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { endpointProblem } from "../../worker/rules/endpoint-url";
import { signatureHeader, verifySignature } from "../../worker/webhooks/signature";

const deployed = new URL("https://menu.example.com/console/webhooks");
const local = new URL("http://127.0.0.1:8787/console/webhooks");

describe("endpoint URLs", () => {
  it("takes public HTTPS addresses on a deployed site", () => {
    for (const url of ["https://pos.example.com/hooks/menu", "https://hooks.foodics.com:8443/a?b=c", "https://8.8.8.8/x"])
      expect(endpointProblem(url, deployed), url).toBeNull();
  });
  it("refuses plain http, and what is not a URL", () => {
    expect(endpointProblem("http://pos.example.com/hooks", deployed)).toBe("https");
    expect(endpointProblem("ftp://pos.example.com/", deployed)).toBe("https");
    for (const url of ["pos.example.com/hooks", "https://user:pw@pos.example.com/", "https://pos.example.com/#x", `https://a.com/${"x".repeat(300)}`]) {
      expect(endpointProblem(url, deployed), url).toBe("invalid");
    }
  });
  it("refuses private, loopback, link-local and internal names, in every spelling of an address", () => {
    const refused = [
      "https://localhost/x",
      "https://127.0.0.1/x",
      "https://2130706433/x",
      "https://0x7f.1/x",
      "https://10.1.2.3/x",
      "https://172.20.0.1/x",
      "https://192.168.1.10/x",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/x",
      "https://0.0.0.0/x",
      "https://[::1]/x",
      "https://[::ffff:10.0.0.1]/x",
      "https://[fd00::1]/x",
      "https://printer.local/x",
      "https://db.internal/x",
      "https://intranet/x",
      "https://router.home.arpa/x",
    ];
    for (const url of refused) expect(endpointProblem(url, deployed), url).toBe("private");
  });
  it("refuses special-use names and any name spelt with a trailing dot", () => {
    const special = [
      "https://localhost./x",
      "https://api.localhost/x",
      "https://hooks.test/x",
      "https://a.invalid/x",
      "https://pos.example/x",
      "https://1.0.0.127.in-addr.arpa/x",
      "https://nas.home.arpa/x",
      "https://box.localdomain/x",
      "https://hidden.onion/x",
      "https://svc.alt/x",
      "https://router.internal./x",
    ];
    for (const url of special) expect(endpointProblem(url, deployed), url).toBe("private");
    for (const url of ["https://example.com./", "https://pos.example.com./hooks", "https://pos.example.com../hooks"])
      expect(endpointProblem(url, deployed), url).toBe("invalid");
    // On a local site too: "localhost." is not the loopback the developer's receiver may use.
    expect(endpointProblem("https://localhost./x", local)).toBe("private");
    expect(endpointProblem("http://localhost./x", local)).toBe("https");
  });
  it("takes this machine over http only while the site itself runs on it", () => {
    expect(endpointProblem("http://127.0.0.1:9000/hooks", local)).toBeNull();
    expect(endpointProblem("http://localhost:9000/hooks", local)).toBeNull();
    expect(endpointProblem("http://127.0.0.1:9000/hooks", deployed)).toBe("https");
    expect(endpointProblem("https://127.0.0.1:9000/hooks", deployed)).toBe("private");
    expect(endpointProblem("http://10.0.0.1/hooks", local)).toBe("https");
  });
});

describe("signatures", () => {
  const secret = "whsec_0123456789abcdef";
  const body = JSON.stringify({ id: "evt_1", type: "order.placed", data: { name: "ليلى" } });
  it("verify what was signed, within five minutes", async () => {
    const header = await signatureHeader(secret, body, 1_764_000_000);
    expect(header).toMatch(/^t=1764000000,v1=[0-9a-f]{64}$/);
    expect(await verifySignature(secret, body, header, 1_764_000_000 + 299)).toBe(true);
  });
  it("refuse a changed byte, another secret, a changed time and an old or future timestamp", async () => {
    const header = await signatureHeader(secret, body, 1_764_000_000);
    expect(await verifySignature(secret, body.replace("ليلى", "ليلي"), header, 1_764_000_000)).toBe(false);
    expect(await verifySignature(`${secret}x`, body, header, 1_764_000_000)).toBe(false);
    expect(await verifySignature(secret, body, header.replace("t=1764000000", "t=1764000001"), 1_764_000_001)).toBe(false);
    expect(await verifySignature(secret, body, header, 1_764_000_000 + 301)).toBe(false);
    expect(await verifySignature(secret, body, header, 1_764_000_000 - 301)).toBe(false);
    expect(await verifySignature(secret, body, "t=1764000000", 1_764_000_000)).toBe(false);
  });
});

describe("the verification example in docs/operations.md", () => {
  it("accepts what the site signs and refuses a changed body, as written there", async () => {
    const operations = readFileSync(join(process.cwd(), "docs", "operations.md"), "utf8");
    const code = /\*\*Order webhooks\*\*[\s\S]*?```js\n([\s\S]*?)```/.exec(operations)?.[1];
    expect(code).toContain("export function verified");
    mkdirSync(join(process.cwd(), "tmp"), { recursive: true });
    const file = join(mkdtempSync(join(process.cwd(), "tmp", "readme-")), "verify.mjs");
    writeFileSync(file, code!);
    const { verified } = (await import(/* @vite-ignore */ file)) as { verified: (body: string, header: string, secret: string, now?: number) => boolean };
    const body = JSON.stringify({ id: "evt_2", type: "order.paid" });
    const header = await signatureHeader("whsec_readme", body, Math.floor(Date.now() / 1000));
    expect(verified(body, header, "whsec_readme")).toBe(true);
    expect(verified(`${body} `, header, "whsec_readme")).toBe(false);
    expect(verified(body, header, "whsec_other")).toBe(false);
    expect(verified(body, header, "whsec_readme", Date.now() / 1000 + 600)).toBe(false);
  });
});
