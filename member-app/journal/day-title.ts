/** `2026-11-24` → `Tuesday, November 24, 2026` (the day as written, whatever this device's zone). */
export const dayTitle = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
