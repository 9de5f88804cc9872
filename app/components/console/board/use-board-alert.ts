// The alert a busy kitchen cannot miss: after one "turn on sound" tap (browsers refuse to start
// sound before a tap), each new order starts the chime, which repeats until someone acknowledges it
// or moves the new orders on, and each call from a table its own sound, until acknowledged or answered; the tab's title counts the new orders; and the screen is kept awake
// while the board is open (Screen Wake Lock, where the browser has it; it is lost when the tab is
// hidden, so it is asked for again when the tab comes back).
import { useCallback, useEffect, useRef, useState } from "react";

interface Options {
  /** The ids of the orders in New (pending) now. */
  pending: readonly number[];
  /** The ids of the diners' open calls from tables (a waiter, the bill): their own sound. */
  calls: readonly string[];
  /** The tab's title: with the count in front when there are new orders. */
  title: (count: number) => string;
}

/**
 * Which of `ids` arrived while the board was open and nobody acknowledged yet (those there when it
 * opened were seen on opening); one gone from the list (moved on, answered) needs no more ringing.
 */
function useArrivals<T>(ids: readonly T[]) {
  const known = useRef<Set<T> | null>(null);
  const [unacknowledged, setUnacknowledged] = useState<ReadonlySet<T>>(new Set());
  const key = ids.join(",");
  useEffect(() => {
    const now = new Set(ids);
    if (known.current === null) {
      known.current = now;
      return;
    }
    const arrived = ids.filter((id) => !known.current!.has(id));
    for (const id of arrived) known.current.add(id);
    setUnacknowledged((before) => new Set([...before, ...arrived].filter((id) => now.has(id))));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the ids themselves (`key`), not the array's identity
  }, [key]);
  return [unacknowledged.size, useCallback(() => setUnacknowledged(new Set()), [])] as const;
}

/** Plays `audio` (looped) while `ringing`; a refused play means sound is off again. */
function useRinging(audio: React.RefObject<HTMLAudioElement | null>, ringing: boolean, soundOff: () => void) {
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (ringing) element.play().catch(soundOff);
    else element.pause();
  }, [audio, ringing, soundOff]);
}

export function useBoardAlert({ pending, calls, title }: Options) {
  const audio = useRef<HTMLAudioElement>(null);
  const callAudio = useRef<HTMLAudioElement>(null);
  const [soundOn, setSoundOn] = useState(false);
  const [unacknowledged, acknowledgeOrders] = useArrivals(pending);
  const [callsUnacknowledged, acknowledgeCalls] = useArrivals(calls);
  const soundOff = useCallback(() => setSoundOn(false), []);
  useRinging(audio, soundOn && unacknowledged > 0, soundOff);
  useRinging(callAudio, soundOn && callsUnacknowledged > 0, soundOff);

  useEffect(() => {
    const before = document.title;
    document.title = title(pending.length);
    return () => void (document.title = before);
  }, [pending.length, title]);

  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let gone = false;
    const request = () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      navigator.wakeLock.request("screen").then(
        (l) => {
          if (gone) void l.release();
          else lock = l;
        },
        () => {},
      );
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      gone = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, []);

  /** The tap that allows sound: play each once now (inside the tap) so later plays are allowed. */
  const turnOnSound = useCallback(() => {
    const elements = [audio.current, callAudio.current].filter((e): e is HTMLAudioElement => e !== null);
    if (elements.length === 0) return;
    Promise.all(
      elements.map((element) => {
        element.muted = true;
        return element.play().then(() => {
          element.pause();
          element.currentTime = 0;
          element.muted = false;
        });
      }),
    ).then(
      () => setSoundOn(true),
      () => setSoundOn(false),
    );
  }, []);

  const acknowledge = useCallback(() => {
    acknowledgeOrders();
    acknowledgeCalls();
  }, [acknowledgeOrders, acknowledgeCalls]);

  return {
    audio,
    callAudio,
    soundOn,
    turnOnSound,
    ringing: soundOn && unacknowledged > 0,
    callRinging: soundOn && callsUnacknowledged > 0,
    unacknowledged,
    callsUnacknowledged,
    acknowledge,
  };
}
