// The browser's one realtime connection per page: GET /api/realtime/config, then pusher-js, loaded
// only here and only when a screen asks (dynamic import of ./realtime-connect.client.ts, with
// pusher-js ~20 KB gzip and the config's schema, that no screen's first load carries).
// The config names either the site's own channel server (worker/realtime) or an external Pusher.
// On the site's own server a connection belongs to one hub (a restaurant's, or the site's /chat).
import type Pusher from "pusher-js";
import type { Hub } from "../../worker/realtime/channels";

let connection: { hub: Hub; pusher: Promise<Pusher> } | undefined;

/**
 * The page's shared connection to `hub`; a failed start is forgotten so that the next caller
 * retries. A page listens on one hub; one asked for another (a client-side move between
 * restaurants) gets a new connection, and the old one is closed.
 */
export function realtime(hub: Hub): Promise<Pusher> {
  if (connection?.hub === hub) return connection.pusher;
  if (connection)
    void connection.pusher.then(
      (old) => old.disconnect(),
      () => {},
    );
  const current = {
    hub,
    pusher: import("./realtime-connect.client")
      .then((m) => m.connect(hub))
      .catch((error: unknown) => {
        if (connection === current) connection = undefined;
        throw error;
      }),
  };
  connection = current;
  return current.pusher;
}
