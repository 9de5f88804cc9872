// Security headers for every answer, and the per-request CSP nonce that the HTML uses.

// Nonces are 128 random bits in hex (hex digits are base64 characters, as CSP asks). The random bytes
// are drawn 4 KB at a time: one getRandomValues per 256 requests instead of one each (with btoa, it
// was ~10 % of a page-cache hit's CPU).
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const pool = new Uint8Array(4096);
let used = pool.length;

export function newNonce(): string {
  if (used === pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  let nonce = "";
  for (let i = used; i < used + 16; i++) nonce += HEX[pool[i]!];
  used += 16;
  return nonce;
}

/** Origins beyond the site's own that pages load from: pictures (an external restaurant API's
 * image host) and connections (an external realtime service; the own one is on 'self'). */
export interface ExtraOrigins {
  img: readonly string[];
  connect: readonly string[];
}

/** Scripts only with this request's nonce; styles may be inline attributes (React style props). */
export function contentSecurityPolicy(nonce: string, origins: ExtraOrigins): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${origins.img.join(" ")}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${origins.connect.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, url: URL, nonce: string, origins: ExtraOrigins) {
  const isHtml = headers.get("content-type")?.startsWith("text/html");
  if (isHtml) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, origins));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (url.protocol === "https:") headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Cross-origin form posts are refused (a missing Origin, as from old browsers or curl, passes). */
export function isCrossOriginWrite(request: Request, url: URL): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.get("origin");
  return origin !== null && origin !== url.origin;
}
