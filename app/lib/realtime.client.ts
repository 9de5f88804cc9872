// The browser's one realtime connection per page: GET /api/realtime/config, then pusher-js, loaded
// only here and only when a screen asks (dynamic import of ./realtime-connect.client.ts, with
// pusher-js ~20 KB gzip and the config's schema, that no screen's first load carries).
// The config names either the site's own channel server (worker/realtime) or an external Pusher.
import type Pusher from "pusher-js";

let connection: Promise<Pusher> | undefined;

/** The page's shared connection; a failed start is forgotten so that the next caller retries. */
export function realtime(): Promise<Pusher> {
  connection ??= import("./realtime-connect.client").then((m) => m.connect()).catch((error: unknown) => {
    connection = undefined;
    throw error;
  });
  return connection;
}
