/**
 * The chat username rule (docs/product.md §5 'Chat username: required'), shared by the /chat form and the
 * server, which checks again. Discord's usernames: 2–32 characters, lower-case letters, digits,
 * `_` and `.`, never two periods in a row. Discord usernames are lower-case only, so a name typed
 * with capitals is lower-cased rather than refused (Discord shows names case-insensitively).
 */
export const usernameLength = { min: 2, max: 32 } as const;

export function normalizeUsername(value: string): string {
  // A leading @ is how people often write their handle; it is not part of the name.
  return value.trim().replace(/^@/, '').toLowerCase();
}

/** The reason a username cannot be a Discord username, or null when it can. */
export function usernameError(value: string): string | null {
  const name = normalizeUsername(value);
  if (name === '') return 'Enter your Discord username';
  if (name.length < usernameLength.min || name.length > usernameLength.max)
    return `A Discord username has ${usernameLength.min} to ${usernameLength.max} characters`;
  if (/#\d{4}$/.test(name)) return 'Enter your new Discord username, without the #1234 tag';
  if (!/^[a-z0-9_.]+$/.test(name))
    return 'A Discord username has only letters, numbers, underscores (_) and periods (.)';
  if (name.includes('..')) return 'A Discord username cannot have two periods in a row';
  return null;
}
