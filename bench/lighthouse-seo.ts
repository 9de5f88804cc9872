// Lighthouse's SEO category on the diner's pages and the marketing home, in both languages (issue 40):
// one run a page (its audits read the document, not timings, so a run is the figure), budget 100, with
// the failing audits' titles noted. Run directly (`node bench/lighthouse-seo.ts`), it builds and serves
// the site itself and prints only these figures.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { serveBuild } from "../scripts/serve-build.ts";
import { startVars } from "../scripts/start.ts";
import { chromiumPath } from "../scripts/chromium-path.ts";
import { Figures } from "./figures.ts";

const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-dev-shm-usage", "--font-render-hinting=none"];

/** The pages measured, each in English and Arabic (`?lng=`, as a shared link names its language). */
const SEO_PAGES = { "branch home": "/saffron/1", "menu page": "/saffron/1/1", "dish page": "/saffron/1/1/1", "marketing home": "/" };

export async function measureSeo(base: string, figures: Figures) {
  const chrome = await chromeLauncher.launch({ chromePath: await chromiumPath(), chromeFlags: FLAGS, logLevel: "error" });
  try {
    for (const [label, path] of Object.entries(SEO_PAGES)) {
      for (const lang of ["en", "ar"]) {
        const result = await lighthouse(`${base}${path}?lng=${lang}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["seo"] });
        const seo = result?.lhr.categories.seo;
        figures.record(`Lighthouse SEO ${label} (${lang})`, Math.round((seo?.score ?? 0) * 100), "/ 100", "100");
        const failing = (seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (result!.lhr.audits[ref.id]?.score ?? 1) < 1);
        if (failing.length) figures.note(`Lighthouse SEO ${label} (${lang}) fails: ${failing.map((ref) => result!.lhr.audits[ref.id]!.title).join("; ")}`);
      }
    }
  } finally {
    chrome.kill();
  }
}

if (import.meta.main) {
  const served = await serveBuild("tmp/lh-state", (dir) => startVars({}, `${dir}/secrets.vars`), { snapshot: "tmp/lh-build" });
  const figures = new Figures();
  try {
    await measureSeo(served.baseUrl, figures);
  } finally {
    served.stop();
  }
  console.log([figures.table(), ...figures.notes.flatMap((n) => ["", n])].join("\n"));
}
