import { describe, expect, it } from 'vitest';
import { normalizeUsername, usernameError } from '../../functions/_lib/chat/rules.ts';

// Discord's username rules, as the /chat form and /api/user/discord check them.

describe('usernameError', () => {
  it.each([
    'ab',
    'alice.trader',
    'alice_trader_99',
    '_under_',
    'x'.repeat(32),
    'Alice.Trader',
    '@alice',
    '  padded  ',
  ])('accepts %j', (name) => {
    expect(usernameError(name)).toBeNull();
  });

  it.each([
    ['', 'Enter your Discord username'],
    ['@', 'Enter your Discord username'],
    ['a', 'A Discord username has 2 to 32 characters'],
    ['x'.repeat(33), 'A Discord username has 2 to 32 characters'],
    ['alice#1234', 'Enter your new Discord username, without the #1234 tag'],
    ['alice trader', 'A Discord username has only letters, numbers, underscores (_) and periods (.)'],
    ['alice-trader', 'A Discord username has only letters, numbers, underscores (_) and periods (.)'],
    ['zoë', 'A Discord username has only letters, numbers, underscores (_) and periods (.)'],
    ['a..b', 'A Discord username cannot have two periods in a row'],
  ])('refuses %j: %s', (name, message) => {
    expect(usernameError(name)).toBe(message);
  });
});

describe('normalizeUsername', () => {
  it.each([
    ['Alice.Trader', 'alice.trader'],
    ['  @Bob_1 ', 'bob_1'],
    ['carol', 'carol'],
  ])('%j → %j', (typed, kept) => {
    expect(normalizeUsername(typed)).toBe(kept);
  });
});
