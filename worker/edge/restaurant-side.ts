// Which paths are the restaurant's side (the console and sign-up): personal, never page-cached, and
// served on the site's own hosts only. Read as the router reads them, case-insensitively and after
// decoding, so /CONSOLE and /%63onsole are the console too.
const RESTAURANT_SIDE = /^\/(console|signup)(\/|\.data$|$)/;

export function isRestaurantSide(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A path that does not decode is refused by the router anyway: treat it as personal (never shared).
    return true;
  }
  return RESTAURANT_SIDE.test(path.toLowerCase());
}
