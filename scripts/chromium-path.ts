// The Chromium the browser tests and the bench's Lighthouse runs launch: CHROMIUM_PATH, else Debian's
// chromium when installed, else the one inside the @sparticuz/chromium npm package (so `npm install`
// alone brings a browser). That one is unpacked on first use into TMPDIR: call this from one process
// before several launch it (tests/e2e/global-setup.ts), or two unpack it at once and one finds the file
// busy (ETXTBSY).
import { existsSync } from "node:fs";

export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/lib/chromium/chromium")) return "/usr/lib/chromium/chromium";
  const sparticuz = (await import("@sparticuz/chromium")).default;
  return sparticuz.executablePath();
}
