// A stand-in "restaurant backend" for a worker under test: forwards /api/* to a real embedded API
// and can be switched into the failures a real backend shows. It counts every call by path, so a
// test can tell how often the worker really went upstream. See docs/decisions/0009-fault-proxy-tests.md.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Fault = "healthy" | "500" | "429" | "timeout" | "bad-json" | "broken-stream";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/** `target` is an instance serving the embedded API under /api (its base URL, no trailing slash). */
export async function startFaultProxy(target: string) {
  let fault: Fault = "healthy";
  const calls: string[] = [];
  const hanging = new Set<ServerResponse>(); // "timeout" answers, closed when the fault changes

  const forward = async (req: IncomingMessage, body: string) => {
    const res = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: { "content-type": req.headers["content-type"] ?? "application/json", accept: "application/json" },
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    return { status: res.status, type: res.headers.get("content-type") ?? "application/json", text: await res.text() };
  };

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.socket?.destroy()); // the target itself failed: a dropped connection
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    if (!path.startsWith("/api/")) return void res.writeHead(404).end();
    calls.push(path);
    switch (fault) {
      case "500":
        return void res.writeHead(500, { "content-type": "text/html" }).end("<h1>Server Error</h1>");
      case "429":
        return void res.writeHead(429, { "content-type": "application/json", "retry-after": "60" }).end('{"message":"Too Many Attempts."}');
      case "timeout":
        hanging.add(res);
        return; // never answers: the worker's UPSTREAM_TIMEOUT_MS must give up
      case "bad-json":
        // A maintenance page behind a 200, as some proxies do.
        return void res.writeHead(200, { "content-type": "application/json" }).end("<html>maintenance</html>");
      case "broken-stream": {
        // The real answer's headers and first half, then the connection drops.
        const real = await forward(req, body);
        const bytes = Buffer.from(real.text);
        res.writeHead(200, { "content-type": real.type, "content-length": bytes.length });
        res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.destroy());
        return;
      }
      default: {
        const real = await forward(req, body);
        res.writeHead(real.status, { "content-type": real.type }).end(real.text);
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
    set(next: Fault) {
      fault = next;
      releaseHanging();
    },
    /** Calls seen for `path` (e.g. "/api/getBranch") since the last reset. */
    count: (path: string) => calls.filter((p) => p === path).length,
    paths: () => [...calls],
    reset: () => void calls.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        releaseHanging();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
