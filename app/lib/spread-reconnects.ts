// A board's socket comes back at a spread moment after a drop (docs/decisions/0084): a deploy drops every
// socket of a hub at once, and pusher-js alone would bring them all back a second later, every board then
// reading its data in the same second. Passed to useRealtime as `attach` by the board only, so the diner's
// pages carry none of it.
import type Pusher from "pusher-js";
import { reconnectDelay } from "../../worker/rules/reconnect";

/**
 * pusher-js announces a retry after a drop (`connecting_in`) and reconnects a second later: instead, the
 * connection waits a spread delay. Its disconnect runs once pusher-js has set its own timer, which it clears.
 */
export function spreadReconnects(pusher: Pusher): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onRetry = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      pusher.disconnect();
      timer = setTimeout(() => pusher.connect(), reconnectDelay(Math.random()));
    }, 0);
  };
  pusher.connection.bind("connecting_in", onRetry);
  return () => {
    clearTimeout(timer);
    pusher.connection.unbind("connecting_in", onRetry);
  };
}
