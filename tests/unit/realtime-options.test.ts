// How the browser's realtime config becomes pusher-js options (app/lib/realtime.client.ts).
import { describe, expect, it } from "vitest";
import { pusherOptions } from "~/lib/realtime-connect.client";

describe("pusherOptions", () => {
  it("points pusher-js at the site's own server: WebSocket only, no stats", () => {
    expect(pusherOptions({ key: "k", app_id: "menu", host: "menu.example.com", port: 443, tls: true, cluster: "local" })).toEqual({
      cluster: "local", channelAuthorization: { endpoint: "/console/realtime/auth", transport: "ajax" }, wsHost: "menu.example.com", wsPort: 443, wssPort: 443, forceTLS: true, enabledTransports: ["ws", "wss"], disableStats: true,
    });
  });

  it("leaves Pusher itself to pusher-js's cluster defaults", () => {
    expect(pusherOptions({ key: "k", app_id: "1", host: "ws-eu.pusher.com", port: 443, tls: true, cluster: "eu" })).toEqual({
      cluster: "eu", channelAuthorization: { endpoint: "/console/realtime/auth", transport: "ajax" },
    });
  });
});
