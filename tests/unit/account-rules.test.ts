import { describe, expect, it } from 'vitest';
import {
  emailError,
  minPasswordLength,
  passwordError,
  passwordHint,
  passwordPairError,
} from '../../functions/_lib/account/rules.ts';

describe('account form rules (docs/product.md §5)', () => {
  it.each([
    ['', 'Email is Required'],
    ['  ', 'Email is Required'],
    ['plain', 'Invalid Email'],
    ['no-tld@host', 'Invalid Email'],
    ['spa ce@example.com', 'Invalid Email'],
    ['a@@b.com', 'Invalid Email'],
    [`${'x'.repeat(250)}@example.com`, 'Invalid Email'],
    ['trader@example.com', null],
    ['  Trader.Name+otc@sub.example.co  ', null],
  ])('email %j → %s', (email, message) => {
    expect(emailError(email)).toBe(message);
  });

  it.each([
    ['', '', 'Both fields are Required'],
    ['secret1', '', 'Both fields are Required'],
    ['', 'secret1', 'Both fields are Required'],
    ['secret1', 'secret2', 'Passwords must Match'],
    ['12345', '12345', 'Must be longer than 6 Characters'],
    // "longer than 6": 6 is refused, 7 is the shortest taken (docs/product.md §5).
    ['123456', '123456', 'Must be longer than 6 Characters'],
    ['1234567', '1234567', null],
    ['p'.repeat(129), 'p'.repeat(129), 'Passwords can be at most 128 characters'],
  ])('password %j / %j → %s', (a, b, message) => {
    expect(passwordPairError(a, b)).toBe(message);
  });

  it('checks a single password the same way on the server', () => {
    expect(passwordError('')).toBe('Both fields are Required');
    expect(passwordError('abcde')).toBe('Must be longer than 6 Characters');
    expect(passwordError('abcdef')).toBe('Must be longer than 6 Characters');
    expect(passwordError('abcdefg')).toBeNull();
  });

  it('hints the rule it enforces', () => {
    expect(passwordHint).toBe('At least 7 characters.');
    expect(passwordError('x'.repeat(minPasswordLength - 1))).toBe('Must be longer than 6 Characters');
    expect(passwordError('x'.repeat(minPasswordLength))).toBeNull();
  });
});
