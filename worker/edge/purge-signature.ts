// The purge call's signature: hex HMAC-SHA256(secret, "{domain}\n{timestamp}"). No imports, so
// scripts running on plain Node (the benchmark, a restaurant's backend) can use it as it is.
export async function purgeSignature(secret: string, domain: string, timestamp: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${domain}\n${timestamp}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
