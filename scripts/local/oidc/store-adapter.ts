// oidc-provider's models (sessions, interactions, grants, codes, tokens) in the product store, so a restart
// keeps everyone signed in; and where Auth0's refresh-token "reuse interval" is made, since oidc-provider
// has no such setting.
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import { localSessionKeys } from '../../../functions/_lib/identity/local-sessions.ts';
import type { Store } from '../../../functions/_lib/store.ts';

/** Auth0's default-free setting we recommend (README): seconds a rotated refresh token still works. */
const REFRESH_REUSE_INTERVAL_S = 30;
/** A day longer than the longest-lived member of a grant (refresh tokens, 30 days). */
const GRANT_INDEX_TTL = 31 * 24 * 60 * 60;
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode']);
const BY_ACCOUNT = new Set(['Grant', 'Session']);

export function storeAdapter(
  store: Store,
  prefix: string,
  reuseIntervalS = REFRESH_REUSE_INTERVAL_S,
): AdapterConstructor {
  // The same layout local-sessions.ts reads (its prefix is the one configuration.ts gives).
  const grantKey = (id: string) => `${prefix}grant:${id}`;
  const uidKey = (uid: string) => `${prefix}sessionUid:${uid}`;
  const userCodeKey = (code: string) => `${prefix}userCode:${code}`;
  const parse = (raw: string | null) => (raw ? (JSON.parse(raw) as AdapterPayload) : undefined);

  return class StoreAdapter implements Adapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    key(id: string): string {
      return `${prefix}${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const key = this.key(id);
      const ttl = typeof expiresIn === 'number' && expiresIn > 0 ? Math.ceil(expiresIn) : undefined;
      const tx = store.multi();
      const set = (k: string, v: string) => (ttl ? tx.set(k, v, { ex: ttl }) : tx.set(k, v));
      set(key, JSON.stringify(payload));
      if (this.model === 'Session' && payload.uid) set(uidKey(payload.uid), id);
      if (payload.userCode) set(userCodeKey(payload.userCode), id);
      if (GRANTABLE.has(this.model) && payload.grantId) {
        tx.sadd(grantKey(payload.grantId), key);
        tx.expire(grantKey(payload.grantId), Math.max(ttl ?? 0, GRANT_INDEX_TTL));
      }
      // A member's grants and sessions, so a password or email change ends them all (local-sessions.ts).
      if (BY_ACCOUNT.has(this.model) && typeof payload.accountId === 'string') {
        const account = localSessionKeys.account(payload.accountId);
        tx.sadd(account, key);
        tx.expire(account, Math.max(ttl ?? 0, GRANT_INDEX_TTL));
      }
      await tx.exec();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const payload = parse(await store.get<string>(this.key(id)));
      // A token rotated moments ago is accepted again (a client retrying a refresh whose answer it
      // lost), instead of the reuse ending the whole session.
      if (
        this.model === 'RefreshToken' &&
        typeof payload?.consumed === 'number' &&
        Date.now() / 1000 - payload.consumed < reuseIntervalS
      ) {
        delete payload.consumed;
      }
      return payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = await store.get<string>(uidKey(uid));
      return id ? this.find(id) : undefined;
    }

    async findByUserCode(code: string): Promise<AdapterPayload | undefined> {
      const id = await store.get<string>(userCodeKey(code));
      return id ? this.find(id) : undefined;
    }

    async consume(id: string): Promise<void> {
      const key = this.key(id);
      const payload = parse(await store.get<string>(key));
      if (!payload) return;
      payload.consumed = Math.floor(Date.now() / 1000);
      await store.set(key, JSON.stringify(payload), { keepTtl: true });
    }

    async destroy(id: string): Promise<void> {
      await store.del(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const members = await store.smembers(grantKey(grantId));
      await store.del(...members, grantKey(grantId));
    }
  };
}
