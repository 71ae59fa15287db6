// The user store of the local identity provider (scripts/local/oidc), kept in the product store so the
// local identity-admin adapter can change emails and passwords the way the Auth0 Management API does.
//
// Keys: `idp:user:{sub}` hash { email, password, customerId?, createdAt, operator? ('1') },
// `idp:email:{email}` → sub.
// Conditional writes (claim an email only if free, update only an existing user) are small Lua scripts:
// atomic in one round trip, which MULTI cannot do without WATCH (the REST protocol has no WATCH).
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { emailError, normalizeEmail, passwordError } from '../account/rules.ts';
import { HSET_IF_EXISTS, hashEntries, type Store } from '../store.ts';

export interface LocalUser {
  /** Auth0-style subject: `auth0|` + 24 hex digits. */
  sub: string;
  /** Lower-case, trimmed. */
  email: string;
  customerId: string | null;
  /** ISO 8601. */
  createdAt: string;
  /**
   * Holds the operator role: the local provider puts the operator's permissions in this user's
   * access tokens, as Auth0 RBAC does for a user with the Operator role (docs/operator.md).
   */
  operator?: boolean;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
  constructor() {
    super('An account with this email already exists.');
  }
}

export class InvalidEmailError extends Error {
  override name = 'InvalidEmailError';
  constructor() {
    super('Enter a valid email address.');
  }
}

export class WeakPasswordError extends Error {
  override name = 'WeakPasswordError';
  constructor(message = 'Must be longer than 6 Characters') {
    super(message);
  }
}

export class UserNotFoundError extends Error {
  override name = 'UserNotFoundError';
  constructor() {
    super('No User Found');
  }
}

/** Another change moved this user's email between our read and the script. */
export class EmailChangedMeanwhileError extends Error {
  override name = 'EmailChangedMeanwhileError';
  constructor() {
    super('The email of this user changed meanwhile; try again');
  }
}

export const userKeys = {
  user: (sub: string) => `idp:user:${sub}`,
  email: (email: string) => `idp:email:${email}`,
} as const;

// The same rules as the account forms and endpoints (account/rules.ts), in this store's error types.

/** The normalized email, or an InvalidEmailError. */
export function validateEmail(email: string): string {
  if (emailError(email)) throw new InvalidEmailError();
  return normalizeEmail(email);
}

export function validatePassword(password: string): void {
  const problem = passwordError(password);
  if (problem) throw new WeakPasswordError(problem);
}

// --- password hashing (scrypt, parameters stored with each hash) ---

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const maxmem = (N: number, r: number) => 256 * N * r;

/** `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = SCRYPT;
  const hash = await scryptAsync(password, salt, keyLength, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: maxmem(N, R),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// A hash to check against when the email is unknown, so both failures take the same time.
let decoy: Promise<string> | undefined;

// --- scripts ---

// KEYS: email index, user hash. ARGV: sub, field, value, … → 1 created, 0 email taken.
const CREATE = `if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call('HSET', KEYS[2], unpack(ARGV, 2))
  return 1
end
return 0`;

// KEYS: user hash, new email index, old email index. ARGV: sub, new email, old email.
// → 1 moved, 0 new email taken, -1 no such user, -2 the email changed meanwhile.
const MOVE_EMAIL = `local current = redis.call('HGET', KEYS[1], 'email')
if not current then return -1 end
if current ~= ARGV[3] then return -2 end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX') then return 0 end
redis.call('HSET', KEYS[1], 'email', ARGV[2])
if redis.call('GET', KEYS[3]) == ARGV[1] then redis.call('DEL', KEYS[3]) end
return 1`;

function toUser(sub: string, entries: Array<[string, string]>): LocalUser | null {
  const fields = new Map(entries);
  const email = fields.get('email');
  if (email === undefined) return null;
  return {
    sub,
    email,
    customerId: fields.get('customerId') || null,
    createdAt: fields.get('createdAt') ?? '',
    ...(fields.get('operator') === '1' ? { operator: true } : {}),
  };
}

// --- API ---

/** Creates a user; the email must be free (EmailTakenError) and valid, the password long enough. */
export async function createUser(
  store: Store,
  input: { email: string; password: string },
): Promise<{ sub: string }> {
  const email = validateEmail(input.email);
  validatePassword(input.password);
  const sub = `auth0|${randomBytes(12).toString('hex')}`;
  const fields = ['email', email, 'password', await hashPassword(input.password)];
  fields.push('createdAt', new Date().toISOString());
  const created = await store.eval(CREATE, [userKeys.email(email), userKeys.user(sub)], [sub, ...fields]);
  if (Number(created) !== 1) throw new EmailTakenError();
  return { sub };
}

/** The user with this email and password, or null (unknown email and wrong password look the same). */
export async function verifyPassword(
  store: Store,
  email: string,
  password: string,
): Promise<LocalUser | null> {
  const sub = await store.get<string>(userKeys.email(normalizeEmail(email)));
  const entries = sub ? await hashEntries(store, userKeys.user(sub)) : [];
  const hash = entries.find(([field]) => field === 'password')?.[1];
  if (!sub || hash === undefined) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await passwordMatches(password, await decoy);
    return null;
  }
  return (await passwordMatches(password, hash)) ? toUser(sub, entries) : null;
}

/** Whether `password` is the user's own (asked before a change of email or password). */
export async function currentPasswordMatches(store: Store, sub: string, password: string): Promise<boolean> {
  const hash = await store.hget<string>(userKeys.user(sub), 'password');
  // The subject comes from a verified token, not from someone guessing: no decoy needed.
  if (hash === null) throw new UserNotFoundError();
  return passwordMatches(password, hash);
}

export async function getUser(store: Store, sub: string): Promise<LocalUser | null> {
  return toUser(sub, await hashEntries(store, userKeys.user(sub)));
}

export async function getUserByEmail(store: Store, email: string): Promise<LocalUser | null> {
  const sub = await store.get<string>(userKeys.email(normalizeEmail(email)));
  return sub ? getUser(store, sub) : null;
}

/** Moves the email index atomically: the new email is claimed, then the old one freed. */
export async function updateEmail(store: Store, sub: string, email: string): Promise<void> {
  const next = validateEmail(email);
  const current = await store.hget<string>(userKeys.user(sub), 'email');
  if (current === null) throw new UserNotFoundError();
  if (current === next) return;
  const keys = [userKeys.user(sub), userKeys.email(next), userKeys.email(current)];
  const result = Number(await store.eval(MOVE_EMAIL, keys, [sub, next, current]));
  if (result === 0) throw new EmailTakenError();
  if (result === -1) throw new UserNotFoundError();
  if (result === -2) throw new EmailChangedMeanwhileError();
}

export async function updatePassword(store: Store, sub: string, password: string): Promise<void> {
  validatePassword(password);
  // scrypt is deliberately slow: an unknown user is answered before paying for it.
  if (!(await store.exists(userKeys.user(sub)))) throw new UserNotFoundError();
  await updateExisting(store, sub, ['password', await hashPassword(password)]);
}

export async function setCustomerId(store: Store, sub: string, customerId: string): Promise<void> {
  await updateExisting(store, sub, ['customerId', customerId]);
}

/**
 * Makes sure an operator account with this email exists and signs in with this password: created
 * when missing, otherwise given the role and the password (`npm start`, scripts/local/stack.ts).
 */
export async function ensureOperator(
  store: Store,
  input: { email: string; password: string },
): Promise<{ sub: string }> {
  const existing = await getUserByEmail(store, input.email);
  const { sub } =
    existing ??
    (await createUser(store, input).catch(async (error: unknown) => {
      // Created meanwhile by another start: take that one.
      const raced = error instanceof EmailTakenError ? await getUserByEmail(store, input.email) : null;
      if (!raced) throw error;
      return raced;
    }));
  if (existing && !(await currentPasswordMatches(store, sub, input.password)))
    await updatePassword(store, sub, input.password);
  await updateExisting(store, sub, ['operator', '1']);
  return { sub };
}

// KEYS: user hash. ARGV: the prefix of the email index. The email index goes only while it names this
// user (a new account may already have taken the address). → 1 deleted, 0 no such user.
const DELETE_USER = `local email = redis.call('HGET', KEYS[1], 'email')
if not email then return 0 end
local index = ARGV[1] .. email
if redis.call('GET', index) == ARGV[2] then redis.call('DEL', index) end
redis.call('DEL', KEYS[1])
return 1`;

/**
 * Deletes the user and frees its email in one script: signing in with it fails from then on, and
 * the address can sign up again as a new user (a new sub). An unknown user is not an error.
 */
export async function deleteUser(store: Store, sub: string): Promise<boolean> {
  const deleted = await store.eval(DELETE_USER, [userKeys.user(sub)], [userKeys.email(''), sub]);
  return Number(deleted) === 1;
}

async function updateExisting(store: Store, sub: string, fields: string[]): Promise<void> {
  if (Number(await store.eval(HSET_IF_EXISTS, [userKeys.user(sub)], fields)) !== 1) {
    throw new UserNotFoundError();
  }
}
