// The alert a busy kitchen cannot miss: after one "turn on sound" tap (browsers refuse to start
// sound before a tap), each new order starts the chime, which repeats until someone acknowledges it
// or moves the new orders on; the tab's title counts the new orders; and the screen is kept awake
// while the board is open (Screen Wake Lock, where the browser has it; it is lost when the tab is
// hidden, so it is asked for again when the tab comes back).
import { useCallback, useEffect, useRef, useState } from "react";

interface Options {
  /** The ids of the orders in New (pending) now. */
  pending: readonly number[];
  /** The tab's title: with the count in front when there are new orders. */
  title: (count: number) => string;
}

export function useBoardAlert({ pending, title }: Options) {
  const audio = useRef<HTMLAudioElement>(null);
  const [soundOn, setSoundOn] = useState(false);
  // Orders that arrived while the board was open and nobody acknowledged yet. Those already there
  // when it opened were seen on opening.
  const known = useRef<Set<number> | null>(null);
  const [unacknowledged, setUnacknowledged] = useState<ReadonlySet<number>>(new Set());
  const key = pending.join(",");

  useEffect(() => {
    const now = new Set(pending);
    if (known.current === null) {
      known.current = now;
      return;
    }
    const arrived = pending.filter((id) => !known.current!.has(id));
    for (const id of arrived) known.current.add(id);
    // A moved (or canceled) order needs no more ringing.
    setUnacknowledged((before) => new Set([...before, ...arrived].filter((id) => now.has(id))));
  }, [key]);

  const ringing = soundOn && unacknowledged.size > 0;
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (ringing) element.play().catch(() => setSoundOn(false));
    else element.pause();
  }, [ringing]);

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

  /** The tap that allows sound: play once now (inside the tap) so later plays are allowed. */
  const turnOnSound = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    element.muted = true;
    element.play().then(
      () => {
        element.pause();
        element.currentTime = 0;
        element.muted = false;
        setSoundOn(true);
      },
      () => setSoundOn(false),
    );
  }, []);

  const acknowledge = useCallback(() => setUnacknowledged(new Set()), []);

  return { audio, soundOn, turnOnSound, ringing, unacknowledged: unacknowledged.size, acknowledge };
}
