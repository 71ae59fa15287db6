/** Dates and amounts as the member emails write them: in UTC, in words, whatever the server's locale. */

/** "January 7, 2027" (UTC). */
export const longDate = (ms: number): string =>
  new Date(ms).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "February 2027": a card's expiry month (month 1-12). */
export const monthYear = (month: number, year: number): string =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** "$64.99" from an exact decimal string ("64.99"): never through a float. */
export const dollars = (amount: string): string => `$${amount}`;
