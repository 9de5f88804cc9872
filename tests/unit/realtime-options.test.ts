// How the browser's realtime config becomes pusher-js options (app/lib/realtime.client.ts).
import { describe, expect, it } from "vitest";
import { pusherOptions } from "~/lib/realtime-connect.client";
import { restaurantHub, SITE_HUB } from "../../worker/realtime/channels";

const AUTH = { endpoint: "/console/realtime/auth", transport: "ajax" };
const OWN = { key: "k", app_id: "menu", host: "menu.example.com", port: 443, tls: true, cluster: "local", hub_paths: true };

describe("pusherOptions", () => {
  it("points pusher-js at the site's own server: WebSocket only, no stats, the restaurant's hub in the path", () => {
    expect(pusherOptions(OWN, restaurantHub("saffron"))).toEqual({
      cluster: "local",
      channelAuthorization: AUTH,
      wsHost: "menu.example.com",
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ["ws", "wss"],
      disableStats: true,
      wsPath: "/api/realtime/r/saffron",
    });
    // /chat has a hub of its own.
    expect(pusherOptions(OWN, SITE_HUB).wsPath).toBe("/api/realtime/chat");
  });

  it("leaves a self-hosted service's paths alone (it has no hubs)", () => {
    expect(pusherOptions({ ...OWN, host: "soketi.example.com", cluster: "mt1", hub_paths: false }, restaurantHub("saffron"))).not.toHaveProperty("wsPath");
  });

  it("leaves Pusher itself to pusher-js's cluster defaults", () => {
    expect(
      pusherOptions({ key: "k", app_id: "1", host: "ws-eu.pusher.com", port: 443, tls: true, cluster: "eu", hub_paths: false }, restaurantHub("saffron")),
    ).toEqual({
      cluster: "eu",
      channelAuthorization: AUTH,
    });
  });
});
