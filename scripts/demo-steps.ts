// The demo's steps that only a running site can take (worker/edge/demo.ts: the Saudi demo restaurant's
// seller and e-invoicing registration with the ZATCA stand-in), asked once the server answers: by
// `npm start` (scripts/start.ts) and the browser tests' server (tests/e2e/global-setup.ts).

/** Waits (at most `waitMs`) for the site at `baseUrl` to answer, then asks for the demo's steps; their outcome. */
export async function runDemoSteps(baseUrl: string, adminSecret: string, waitMs = 120_000): Promise<unknown> {
  const until = Date.now() + waitMs;
  for (;;) {
    const up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error(`demo steps: ${baseUrl} did not answer within ${waitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const res = await fetch(`${baseUrl}/_edge/demo`, { method: "POST", headers: { authorization: `Bearer ${adminSecret}` } });
  if (!res.ok) throw new Error(`demo steps: ${res.status} ${await res.text()}`);
  return res.json();
}
