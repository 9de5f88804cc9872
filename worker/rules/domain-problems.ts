// Why an own-domain change is refused, in English: the API's messages and the console's English
// strings (app/locales/console/domain.en.ts) are these. No imports: the client bundle takes it as it is.

export const DOMAIN_PROBLEMS = {
  empty: "Enter a hostname, like menu.your-restaurant.com.",
  ip: "Enter a hostname, not an IP address.",
  shape: "Enter the hostname alone, like menu.your-restaurant.com: no http://, no path, no port.",
  long: "A hostname has at most 253 characters.",
  format: "This is not a hostname: use letters, digits and hyphens, in two or more parts separated by dots, like menu.your-restaurant.com.",
  ours: "This is one of this site's own addresses: enter a hostname on your restaurant's own domain.",
  taken: "This hostname is already registered to another restaurant.",
  none: "There is no own domain to remove.",
  noClaim: "There is no hostname waiting to be proven: enter it again.",
  unproven: "The TXT record was not found yet. Create it as shown (it can take a while to reach everyone), then check again.",
  dns: "The DNS could not be checked right now; please try again in a moment.",
};
