/** No imports: the content editor's article preview (site/cms/previews.tsx) shows dates the same way. */

/** "2026-11-12" → "November 12, 2026" (the date as written, whatever the build machine's time zone). */
export function formatDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
