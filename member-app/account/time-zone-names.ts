/**
 * The names a person knows the trade-time zones by: the city and its clock's usual abbreviation. The
 * stored value stays the IANA name (member-app/trades/time-zone.ts); only the option text changes.
 */
const NAMES: Record<string, string> = {
  'America/New_York': 'New York (ET) — market time',
  'America/Chicago': 'Chicago (CT)',
  'America/Denver': 'Denver (MT)',
  'America/Phoenix': 'Phoenix (MST, no daylight saving)',
  'America/Los_Angeles': 'Los Angeles (PT)',
  'America/Toronto': 'Toronto (ET)',
  'America/Vancouver': 'Vancouver (PT)',
  'Europe/London': 'London (GMT/BST)',
  'Europe/Paris': 'Paris (CET/CEST)',
  'Asia/Dubai': 'Dubai (GST)',
  'Asia/Singapore': 'Singapore (SGT)',
  'Asia/Tokyo': 'Tokyo (JST)',
  'Australia/Sydney': 'Sydney (AEST/AEDT)',
  UTC: 'UTC (coordinated universal time)',
};

/** A zone's name for people; one not in the list (stored from elsewhere) is named by its city. */
export function timeZoneName(zone: string): string {
  return NAMES[zone] ?? (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}
