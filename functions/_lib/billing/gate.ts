import { assertTokenCurrent, validAfterKey } from '../auth/valid-after.ts';
import type { Caller } from '../auth/verify.ts';
import type { Deps } from '../deps.ts';
import { membershipRequired } from '../http/errors.ts';
import { hasAccess, type Membership, membershipKey, parseMembership } from './membership.ts';

type Pipeline = ReturnType<Deps['store']['pipeline']>;

/**
 * The one membership check for member content (docs/product.md §4, docs/security.md): defineEndpoint's
 * `access: 'member'` opens one per request. Endpoints that read keys anyway fold the check into
 * their first pipeline (`pipeline()` + `exec()`: no extra round trip); the others call `require()`
 * (one MGET) before they do anything. Either way a caller without access gets 403 `{ redirect: true }`.
 * The same read carries the member's "valid after" time (auth/valid-after.ts): a token issued before
 * it gets 401 before anything else is judged.
 */
export class MembershipGate {
  readonly #deps: Pick<Deps, 'store' | 'now'>;
  readonly #rateLimit: Promise<void>;
  readonly caller: Caller;
  #membership: Membership | null = null;

  /**
   * `rateLimit`: the endpoint's rate-limit check, already sent. It runs beside the first read rather
   * than before it (one sequential round trip fewer) and is settled before anything is judged or written.
   */
  constructor(
    deps: Pick<Deps, 'store' | 'now'>,
    caller: Caller,
    rateLimit: Promise<void> = Promise.resolve(),
  ) {
    this.#deps = deps;
    this.caller = caller;
    this.#rateLimit = rateLimit;
  }

  /** The membership once judged; null before. */
  get membership(): Membership | null {
    return this.#membership;
  }

  /**
   * A pipeline whose first command reads the caller's membership (and token time, in one MGET, so
   * the endpoint's replies still start at position 1): add the endpoint's reads after it.
   */
  pipeline(): Pipeline {
    return this.#deps.store.pipeline().mget(...this.#keys());
  }

  /** Sends a pipeline from `pipeline()`, judges the membership, and gives back the endpoint's own replies. */
  async exec<T extends unknown[] = unknown[]>(pipe: Pipeline): Promise<T> {
    const [[judged, ...replies]] = await Promise.all([pipe.exec() as Promise<unknown[]>, this.#rateLimit]);
    this.#membership = this.#judge(judged);
    return replies as T;
  }

  /**
   * The read of an optimistic write that may be tried again after a conflict: the first read carries
   * the membership check (as `exec`), a retry reads alone (the caller is judged already).
   */
  async read<T extends unknown[] = unknown[]>(build: (pipe: Pipeline) => Pipeline): Promise<T> {
    if (!this.#membership) return this.exec<T>(build(this.pipeline()));
    return (await build(this.#deps.store.pipeline()).exec()) as T;
  }

  /** For endpoints with nothing to read first: the membership alone (one MGET), judged. */
  async require(): Promise<Membership> {
    const [read] = await Promise.all([this.#deps.store.mget(...this.#keys()), this.#rateLimit]);
    this.#membership = this.#judge(read);
    return this.#membership;
  }

  #keys(): [string, string] {
    return [membershipKey(this.caller.sub), validAfterKey(this.caller.sub)];
  }

  /** The MGET's reply: first the token's freshness (401), then the membership (403). */
  #judge(read: unknown): Membership {
    const [membership, validAfter] = Array.isArray(read) ? read : [];
    assertTokenCurrent(this.caller, validAfter);
    return assertAccess(membership, this.#deps.now());
  }
}

/** Judges a stored membership: the membership, or the 403 `{ redirect: true }` that sends the app to /payment. */
function assertAccess(raw: unknown, now: number): Membership {
  const membership = parseMembership(raw);
  if (!membership || !hasAccess(membership, now)) throw membershipRequired();
  return membership;
}
