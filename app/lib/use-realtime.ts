// React over the page's shared realtime connection (app/lib/realtime.client.ts): listen to one
// event on some channels while mounted, report the connection's state, and call back when the
// connection comes back after a drop (events sent meanwhile are lost: the caller reloads its data).
import { useEffect, useRef, useState } from "react";
import type Pusher from "pusher-js";
import type { Hub } from "../../worker/realtime/channels";
import { realtime } from "./realtime.client";

export type ConnectionState = "initialized" | "connecting" | "connected" | "unavailable" | "failed" | "disconnected";

// Channels are shared by every listener on the page: unsubscribe only when the last one leaves.
const holders = new Map<string, number>();
function hold(pusher: Pusher, name: string) {
  holders.set(name, (holders.get(name) ?? 0) + 1);
  return pusher.channel(name) ?? pusher.subscribe(name);
}
function release(pusher: Pusher, name: string) {
  const left = (holders.get(name) ?? 1) - 1;
  if (left > 0) return void holders.set(name, left);
  holders.delete(name);
  pusher.unsubscribe(name);
}

interface Options {
  /** Whose channel server: restaurantHub(domain) on a restaurant's screens, SITE_HUB on /chat. */
  hub: Hub;
  channels: readonly string[];
  event: string;
  onEvent: (channel: string, data: unknown) => void;
  onReconnect?: () => void;
  /** The screen's own hold on the connection, undone on unmount (a board spreads its reconnects: ./spread-reconnects.ts). Stable. */
  attach?: (pusher: Pusher) => () => void;
}

/** The connection state, and `live`: connected with every channel subscribed. */
export function useRealtime({ hub, channels, event, onEvent, onReconnect, attach }: Options): { state: ConnectionState; live: boolean } {
  const [state, setState] = useState<ConnectionState>("initialized");
  const [subscribed, setSubscribed] = useState<ReadonlySet<string>>(new Set());
  const callbacks = useRef({ onEvent, onReconnect });
  callbacks.current = { onEvent, onReconnect };
  const key = channels.join("\n");

  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    realtime(hub).then(
      (pusher) => {
        if (cancelled) return;
        let wasConnected = pusher.connection.state === "connected";
        setState(pusher.connection.state as ConnectionState);
        const onChange = ({ current }: { current: ConnectionState }) => {
          setState(current);
          if (current !== "connected") return;
          if (wasConnected) callbacks.current.onReconnect?.();
          wasConnected = true;
        };
        pusher.connection.bind("state_change", onChange);
        const detach = attach?.(pusher);
        stop = () => {
          pusher.connection.unbind("state_change", onChange);
          detach?.();
        };
      },
      () => !cancelled && setState("failed"),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [hub, attach]);

  useEffect(() => {
    const names = key ? key.split("\n") : [];
    if (names.length === 0) return;
    let cancelled = false;
    let stop = () => {};
    realtime(hub).then(
      (pusher) => {
        if (cancelled) return;
        const stops = names.map((name) => {
          const channel = hold(pusher, name);
          const onData = (data: unknown) => callbacks.current.onEvent(name, data);
          const onSubscribed = () => setSubscribed((s) => new Set(s).add(name));
          if (channel.subscribed) onSubscribed();
          channel.bind(event, onData);
          channel.bind("pusher:subscription_succeeded", onSubscribed);
          return () => {
            channel.unbind(event, onData);
            channel.unbind("pusher:subscription_succeeded", onSubscribed);
            release(pusher, name);
          };
        });
        stop = () => stops.forEach((s) => s());
      },
      () => {},
    );
    return () => {
      cancelled = true;
      stop();
      setSubscribed(new Set());
    };
  }, [hub, key, event]);

  const live = state === "connected" && channels.every((c) => subscribed.has(c));
  return { state, live };
}
