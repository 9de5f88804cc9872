// A kitchen printer on the test's side, speaking Star CloudPRNT Version HTTP as a real one does: it
// polls the server URL every 500 ms with its MAC and status, fetches a waiting ticket as image/png and as
// text/plain, confirms it with DELETE, and keeps what it printed; it can go offline and come back.
import { decodePng, type DecodedPng } from "./png-decode";

interface PrintedTicket {
  token: string;
  text: string;
  png: DecodedPng;
}

export function standInPrinter(url: string, mac: string) {
  const printed: PrintedTicket[] = [];
  const problems: string[] = [];
  /** The DELETE's answer of each print. */
  const confirmations: number[] = [];
  let polls = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;

  async function cycle() {
    const poll = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: "23 86 00 00 00 00 00 00 00", printerMAC: mac.toLowerCase(), statusCode: "200%20OK", printingInProgress: false }),
    });
    polls++;
    if (poll.status !== 200) return void problems.push(`poll answered ${poll.status}`);
    const answer = (await poll.json()) as { jobReady: boolean; mediaTypes?: string[]; jobToken?: string };
    if (!answer.jobReady || !answer.jobToken) return;
    const query = `?uid=stand-in&mac=${encodeURIComponent(mac)}&token=${answer.jobToken}`;
    const [png, text] = await Promise.all(["image/png", "text/plain"].map((type) => fetch(`${url}${query}&type=${encodeURIComponent(type)}`)));
    if (png!.status !== 200 || text!.status !== 200) return void problems.push(`job answered ${png!.status} / ${text!.status}`);
    printed.push({ token: answer.jobToken, text: await text!.text(), png: decodePng(new Uint8Array(await png!.arrayBuffer())) });
    confirmations.push((await fetch(`${url}${query}&code=${encodeURIComponent("200 OK")}`, { method: "DELETE" })).status);
  }

  const tick = () => {
    if (running) return;
    running = cycle()
      .catch((error: unknown) => void problems.push(String(error)))
      .finally(() => (running = null));
  };

  return {
    printed,
    problems,
    confirmations,
    polls: () => polls,
    /** Switched on (or back on): polls at once, then every 500 ms. */
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, 500);
    },
    /** Switched off: no more polls once the one under way is done. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
