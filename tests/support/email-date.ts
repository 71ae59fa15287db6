/**
 * A date as the member emails write it ("January 7, 2027", UTC), written out here rather than
 * imported from the product, so a test reading an email checks the format, not the same code again.
 */
export const emailDate = (ms: number): string =>
  new Date(ms).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
