// The theme in the browser, in place of remix-themes' client half (~1 KB gzip less on every screen;
// the server keeps its signed cookie, app/lib/theme.server.ts): the cookie's choice from the root
// loader, else the system's, followed live; a switch posts the choice to the theme action and tells
// the site's other tabs.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export type Theme = "light" | "dark";

type ThemeState = [theme: Theme | null, setTheme: (theme: Theme) => void];
const ThemeContext = createContext<ThemeState>([null, () => undefined]);

const PREFERS_LIGHT = "(prefers-color-scheme: light)";
const systemTheme = (): Theme => (matchMedia(PREFERS_LIGHT).matches ? "light" : "dark");

/** Switches with every CSS transition off, so the page changes at once instead of fading piece by piece. */
function withoutTransitions(change: () => void) {
  const style = document.createElement("style");
  style.textContent = "*{transition:none!important}";
  document.head.appendChild(style);
  change();
  setTimeout(() => {
    getComputedStyle(style).transition; // the new styles apply before transitions come back
    style.remove();
  }, 100);
}

export function ThemeProvider({ specifiedTheme, themeAction, children }: { specifiedTheme: Theme | null; themeAction: string; children: ReactNode }) {
  // The server knows only the cookie; the browser's first render already takes the system's
  // (PreventFlashOnWrongTheme has put it on <html> before hydration).
  const [theme, setThemeState] = useState<Theme | null>(() => specifiedTheme ?? (typeof window === "object" ? systemTheme() : null));
  const [chosen, setChosen] = useState(specifiedTheme !== null);
  const [channel] = useState(() => (typeof BroadcastChannel === "function" ? new BroadcastChannel("theme") : null));

  useEffect(() => {
    if (!channel) return;
    const onMessage = (e: MessageEvent<{ theme: Theme }>) =>
      withoutTransitions(() => {
        setThemeState(e.data.theme);
        setChosen(true);
      });
    channel.addEventListener("message", onMessage);
    return () => channel.removeEventListener("message", onMessage);
  }, [channel]);

  useEffect(() => {
    if (chosen) return;
    const query = matchMedia(PREFERS_LIGHT);
    const onChange = () => withoutTransitions(() => setThemeState(systemTheme()));
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [chosen]);

  const value = useMemo<ThemeState>(
    () => [
      theme,
      (next) => {
        withoutTransitions(() => {
          setThemeState(next);
          setChosen(true);
        });
        channel?.postMessage({ theme: next });
        void fetch(themeAction, { method: "POST", body: JSON.stringify({ theme: next }) });
      },
    ],
    [theme, channel, themeAction],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme shown (null on the server when no choice is stored) and the switch. */
export const useTheme = (): ThemeState => useContext(ThemeContext);

// Before the first paint, when no choice is stored: the system's theme on <html>, so the server's
// page (rendered without one) never flashes the wrong colours.
const systemThemeScript =
  `(()=>{const t=matchMedia(${JSON.stringify(PREFERS_LIGHT)}).matches?"light":"dark",c=document.documentElement.classList;` +
  `c.contains("light")||c.contains("dark")||c.add(t);const m=document.querySelector("meta[name=color-scheme]");if(m)m.content=t==="dark"?"dark light":"light dark"})()`;

export function PreventFlashOnWrongTheme({ ssrTheme, nonce }: { ssrTheme: boolean; nonce: string }) {
  const [theme] = useTheme();
  return (
    <>
      <meta name="color-scheme" content={theme === "light" ? "light dark" : "dark light"} />
      {ssrTheme ? null : <script dangerouslySetInnerHTML={{ __html: systemThemeScript }} nonce={nonce} suppressHydrationWarning />}
    </>
  );
}
