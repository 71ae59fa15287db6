import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { emailClaim } from '../../functions/_lib/auth/claims.ts';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { createUser } from '../../functions/_lib/identity/local-users.ts';
import type { Store } from '../../functions/_lib/store.ts';
import chargeFn from '../../functions/charge.ts';
import categoriesUpdateFn from '../../functions/journal-categories-update.ts';
import notesUpdateFn from '../../functions/journal-notes-update.ts';
import tradeActionsUpdateFn from '../../functions/journal-trades-actions-update.ts';
import tradesImportFn from '../../functions/journal-trades-import.ts';
import tripTagsUpdateFn from '../../functions/journal-trades-tags-update.ts';
import tradesUpdateFn from '../../functions/journal-trades-update.ts';
import progressFn from '../../functions/videos-progress.ts';
import { activeMembership, signedIn } from './members.ts';
import { SAMPLE_IDS, sampleExecution } from './samples.ts';
import { authHeader } from './tokens.ts';

type SampleIds = { [K in keyof typeof SAMPLE_IDS]: string };

/** Text only member A's data holds, so an answer to anyone else can be searched for it. */
export const privateText = (tag: string) => ({
  title: `${tag} title`,
  body: `${tag} body`,
  category: `${tag} cat`.slice(0, 20),
  tradeNote: `${tag} trade note`,
  orderId: `${tag}-order`,
});

/**
 * A member with an active membership and one of everything under the sample ids: a category, a
 * note in it mentioning the sample symbol, a typed trade tagged with the sample tag, an imported
 * one, a split of the sample symbol and a saved position.
 * Fuzzed and isolation requests then act on real data, not on an empty namespace.
 */
export async function seededMember(
  store: Store,
  videoId: string,
  {
    tag = 'private',
    ids = SAMPLE_IDS as SampleIds,
    position = 123.25,
    paid = false,
    referral,
  }: { tag?: string; ids?: SampleIds; position?: number; paid?: boolean; referral?: string } = {},
) {
  // `paid`: a membership bought through /api/charge (local test-mode billing), so subscription and
  // card calls act on a real subscription; otherwise one written as the billing adapters write it.
  // `referral`: the affiliate link's token that charge is sent with.
  const membership = paid ? null : activeMembership();
  const { sub, headers } = paid ? await localUser(store, tag) : await signedIn(store, membership);
  // A token issued now: one taken before a call that ends the member's tokens (a password change,
  // "sign out everywhere") is refused after it.
  const claims = decodeJwt(headers.authorization?.replace(/^Bearer /, '') ?? '');
  const freshHeaders = async () => ({
    ...headers,
    ...(await authHeader({
      sub,
      ...(typeof claims[emailClaim] === 'string' ? { email: claims[emailClaim] } : {}),
    })),
  });
  const text = privateText(tag);
  const execution = sampleExecution({ symbol: ids.symbol, orderId: text.orderId, execId: text.orderId });
  const call = async (fn: (r: Request) => Promise<Response>, path: string, body: unknown) => {
    const response = await fn(
      new Request(`http://localhost/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
    if (response.status !== 200)
      throw new Error(`seeding ${path}: ${response.status} ${await response.text()}`);
  };
  if (paid)
    await call(chargeFn, 'charge', {
      email: `${tag.toLowerCase()}-${sub.slice(-8)}@example.com`,
      planID: 'monthly',
      token: 'tok_local_4242424242424242',
      ...(referral ? { referral } : {}),
    });
  const customerId =
    membership?.customerId ??
    (JSON.parse((await store.get<string>(membershipKey(sub))) ?? '{}') as { customerId: string }).customerId;
  await call(categoriesUpdateFn, 'journal/categories/update', {
    category_id: ids.category,
    category: text.category,
  });
  await call(notesUpdateFn, 'journal/notes/update', {
    note_id: ids.note,
    title: text.title,
    body: `<p>${text.body} $${ids.symbol}</p>`,
    basedOn: null,
    symbols: [ids.symbol],
    categories: [ids.category],
  });
  await call(tradesUpdateFn, 'journal/trades/update', {
    trade_id: ids.trade,
    symbol: ids.symbol,
    tradeType: 'buy',
    buyPrice: '0.0042',
    shares: '1000',
    note: text.tradeNote,
  });
  await call(tradesImportFn, 'journal/trades/import', {
    executions: [execution],
  });
  // The sample tag (SAMPLE_TAG), on the typed trade's round trip.
  await call(tripTagsUpdateFn, 'journal/trades/tags/update', {
    trip_ids: [ids.trade],
    define: [{ name: 'Gap and go', kind: 'setup' }],
  });
  await call(tradeActionsUpdateFn, 'journal/trades/actions/update', {
    add: [{ action_id: ids.action, kind: 'split', symbol: ids.symbol, date: '2026-03-18', ratio: '1/10' }],
  });
  await call(progressFn, 'videos/progress', { nodeId: videoId, position });
  return { sub, headers, freshHeaders, customerId, text, ids, execution, position };
}

/** A user of the local identity provider (so account calls find them), signed in. */
async function localUser(store: Store, tag: string) {
  const email = `${tag.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const { sub } = await createUser(store, { email, password: 'first-pass' });
  return { sub, headers: await authHeader({ sub, email }) };
}
