// A stand-in "restaurant backend" for a worker under test: forwards /api/* to a real embedded API
// and can be switched into the failures a real backend shows, on every path or only on some. It
// counts every call by path, so a test can tell how often the worker really went upstream, and keeps
// the real answers it forwarded. See docs/decisions/0009-fault-proxy-tests.md.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the proxy answers. "late" and "wrong-shape" forward first, so the backend really acts (stores
 * the order) and only its answer is lost: what an idempotency key exists for.
 */
export type Fault = "healthy" | "500" | "429" | "timeout" | "late" | "bad-json" | "wrong-shape" | "broken-stream";

// Hop-by-hop, or describing a body that fetch re-frames (and decompresses) on its own.
const NOT_FORWARDED = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "proxy-connection",
  "content-length",
  "content-encoding",
]);

function forwardable(headers: IncomingHttpHeaders | Headers): [string, string][] {
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers).map(([k, v]) => [k, [v ?? ""].flat().join(", ")] as [string, string]);
  return entries.filter(([name]) => !NOT_FORWARDED.has(name.toLowerCase()));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Whether a call asks the backend to count a visit: `visit: 1` in its JSON body, or getProductById's "{id}&1". */
function countsVisit(path: string, body: Buffer): boolean {
  if (/^\/api\/getProductById\/\d+&1$/.test(decodeURIComponent(path))) return true;
  try {
    return String((JSON.parse(body.toString()) as { visit?: unknown }).visit) === "1";
  } catch {
    return false;
  }
}

/** `target` is an instance serving the embedded API under /api (its base URL, no trailing slash). */
export async function startFaultProxy(target: string) {
  let fault: Fault = "healthy";
  let only: Set<string> | null = null; // the faulted paths; null: every path
  const calls: string[] = []; // every call but those counting a visit
  const visits: string[] = []; // the calls that count a visit (visit=1, docs/CONTRACT.md), sent in the background
  const forwarded: { path: string; status: number; body: unknown }[] = [];
  const hanging = new Set<ServerResponse>(); // "timeout" and "late" answers, closed when the fault changes

  /** The request as a real backend would get it: method, body and the worker's headers (bearer token, idempotency key, multipart boundary, client address). */
  const forward = async (req: IncomingMessage, path: string, body: Buffer) => {
    const res = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: forwardable(req.headers),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // kept as null: not every answer is JSON
    }
    forwarded.push({ path, status: res.status, body: json });
    return { status: res.status, headers: forwardable(res.headers), type: res.headers.get("content-type") ?? "application/json", text };
  };

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.socket?.destroy()); // the target itself failed: a dropped connection
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    if (!path.startsWith("/api/")) return void res.writeHead(404).end();
    (countsVisit(path, body) ? visits : calls).push(path);
    switch (only === null || only.has(path) ? fault : "healthy") {
      case "500":
        return void res.writeHead(500, { "content-type": "text/html" }).end("<h1>Server Error</h1>");
      case "429":
        return void res.writeHead(429, { "content-type": "application/json", "retry-after": "60" }).end('{"message":"Too Many Attempts."}');
      case "timeout":
        hanging.add(res);
        return; // never answers: the worker's UPSTREAM_TIMEOUT_MS must give up
      case "late":
        await forward(req, path, body); // the backend has acted; its answer never comes
        hanging.add(res);
        return;
      case "bad-json":
        // A maintenance page behind a 200, as some proxies do.
        return void res.writeHead(200, { "content-type": "application/json" }).end("<html>maintenance</html>");
      case "wrong-shape":
        // Valid JSON, not the contract's envelope (a backend version the worker does not know).
        await forward(req, path, body);
        return void res.writeHead(200, { "content-type": "application/json" }).end('{"result":"ok","order":{"id":"n/a"}}');
      case "broken-stream": {
        // The real answer's headers and first half, then the connection drops.
        const real = await forward(req, path, body);
        const bytes = Buffer.from(real.text);
        res.writeHead(200, { "content-type": real.type, "content-length": bytes.length });
        res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.destroy());
        return;
      }
      default: {
        const real = await forward(req, path, body);
        res.writeHead(real.status, real.headers).end(real.text);
      }
    }
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const releaseHanging = () => {
    for (const res of hanging) res.socket?.destroy();
    hanging.clear();
  };

  return {
    /** The UPSTREAM_URL for the worker under test. */
    url: `http://127.0.0.1:${port}/api`,
    /** Every call answers `next`, or only calls to `options.only` (paths as `count` takes them) and the rest are forwarded. */
    set(next: Fault, options: { only?: string[] } = {}) {
      fault = next;
      only = options.only ? new Set(options.only) : null;
      releaseHanging();
    },
    /** Calls seen for `path` (e.g. "/api/getBranch") since the last reset, visit calls apart (visitCalls). */
    count: (path: string) => calls.filter((p) => p === path).length,
    paths: () => [...calls],
    /** The calls that asked the backend to count a visit (visit=1) since the last reset. */
    visitCalls: () => [...visits],
    /** The real backend's JSON answers to `path` since the last reset, whether or not they reached the worker. */
    answers: (path: string) => forwarded.filter((f) => f.path === path).map((f) => ({ status: f.status, body: f.body })),
    reset: () => {
      calls.splice(0);
      visits.splice(0);
      forwarded.splice(0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        releaseHanging();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
