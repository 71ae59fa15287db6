import type { Caller } from '../auth/verify.ts';
import type { Deps } from '../deps.ts';
import { membershipRequired } from '../http/errors.ts';
import { hasAccess, type Membership, membershipKey, parseMembership } from './membership.ts';

type Pipeline = ReturnType<Deps['store']['pipeline']>;

/**
 * The one membership check for member content (docs/product.md §4, docs/security.md): defineEndpoint's
 * `access: 'member'` opens one per request. Endpoints that read keys anyway fold the check into
 * their first pipeline (`pipeline()` + `exec()`: no extra round trip); the others call `require()`
 * (one GET) before they do anything. Either way a caller without access gets 403 `{ redirect: true }`.
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

  /** A pipeline whose first command reads the caller's membership: add the endpoint's reads after it. */
  pipeline(): Pipeline {
    return this.#deps.store.pipeline().get(membershipKey(this.caller.sub));
  }

  /** Sends a pipeline from `pipeline()`, judges the membership, and gives back the endpoint's own replies. */
  async exec<T extends unknown[] = unknown[]>(pipe: Pipeline): Promise<T> {
    const [[membership, ...replies]] = await Promise.all([
      pipe.exec() as Promise<unknown[]>,
      this.#rateLimit,
    ]);
    this.#membership = assertAccess(membership, this.#deps.now());
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

  /** For endpoints with nothing to read first: the membership alone (one GET), judged. */
  async require(): Promise<Membership> {
    const [raw] = await Promise.all([
      this.#deps.store.get<string>(membershipKey(this.caller.sub)),
      this.#rateLimit,
    ]);
    this.#membership = assertAccess(raw, this.#deps.now());
    return this.#membership;
  }
}

/** Judges a stored membership: the membership, or the 403 `{ redirect: true }` that sends the app to /payment. */
function assertAccess(raw: unknown, now: number): Membership {
  const membership = parseMembership(raw);
  if (!membership || !hasAccess(membership, now)) throw membershipRequired();
  return membership;
}
