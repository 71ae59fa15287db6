/**
 * Referral rules shared by the static pages' inline script (site/layouts/Base.astro takes its
 * constants), the member app and the functions. Plain code without zod or Node imports.
 *
 * An affiliate link is any page of the site with `?via={token}` (the affiliate service's own
 * parameter; `?ref={token}` is accepted too). The token is kept in a first-party cookie for 30 days
 * and sent with the charge. Last touch: a later valid link replaces an earlier one, as the most
 * recent recommendation is the one the visitor acted on; an invalid token never replaces a valid one.
 */
export const REFERRAL_COOKIE = 'otc_ref';
export const REFERRAL_DAYS = 30;
export const REFERRAL_MAX_AGE_S = REFERRAL_DAYS * 24 * 60 * 60;
/** Query parameters that carry the token, in order of preference. */
export const REFERRAL_PARAMS = ['via', 'ref'] as const;
/** Short and safe in a cookie, a URL and provider metadata: letters, digits, '-' and '_', 1–64. */
export const REFERRAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The affiliate service's id of one referred visit (Rewardful's `Rewardful.referral`: a UUID). */
export const CLICK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token if it is a valid referral id, else null (bad ids are ignored, never an error). */
export function parseReferral(value: unknown): string | null {
  return typeof value === 'string' && REFERRAL_PATTERN.test(value) ? value : null;
}

export function parseClickId(value: unknown): string | null {
  return typeof value === 'string' && CLICK_ID_PATTERN.test(value) ? value.toLowerCase() : null;
}

/** The referral a page address carries (`?via=` first, then `?ref=`), or null. */
export function referralFromSearch(search: string): string | null {
  const query = new URLSearchParams(search);
  for (const name of REFERRAL_PARAMS) {
    const id = parseReferral(query.get(name));
    if (id) return id;
  }
  return null;
}

/** The referral kept in the cookie (`document.cookie` or a Cookie header), or null. */
export function referralFromCookies(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFERRAL_COOKIE) return parseReferral(value.join('='));
  }
  return null;
}

/** The Set-Cookie value that keeps a referral for 30 days (first party, not readable cross-site). */
export function referralCookie(id: string, secure: boolean): string {
  return `${REFERRAL_COOKIE}=${id}; path=/; max-age=${REFERRAL_MAX_AGE_S}; samesite=lax${secure ? '; secure' : ''}`;
}
