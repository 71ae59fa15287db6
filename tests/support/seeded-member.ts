import categoriesUpdateFn from '../../functions/journal-categories-update.ts';
import notesUpdateFn from '../../functions/journal-notes-update.ts';
import tradesImportFn from '../../functions/journal-trades-import.ts';
import tradesUpdateFn from '../../functions/journal-trades-update.ts';
import progressFn from '../../functions/videos-progress.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { activeMembership, signedIn } from './members.ts';
import { SAMPLE_IDS, sampleExecution } from './samples.ts';

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
 * note in it mentioning the sample symbol, a typed trade, an imported one and a saved position.
 * Fuzzed and isolation requests then act on real data, not on an empty namespace.
 */
export async function seededMember(store: Store, videoId: string, tag = 'private') {
  const membership = activeMembership();
  const { sub, headers } = await signedIn(store, membership);
  const text = privateText(tag);
  const call = async (fn: (r: Request) => Promise<Response>, path: string, body: unknown) => {
    const response = await fn(
      new Request(`http://localhost/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
    if (response.status !== 200) throw new Error(`seeding ${path}: ${response.status} ${await response.text()}`);
  };
  await call(categoriesUpdateFn, 'journal/categories/update', {
    category_id: SAMPLE_IDS.category,
    category: text.category,
  });
  await call(notesUpdateFn, 'journal/notes/update', {
    note_id: SAMPLE_IDS.note,
    title: text.title,
    body: `<p>${text.body} $${SAMPLE_IDS.symbol}</p>`,
    basedOn: null,
    symbols: [SAMPLE_IDS.symbol],
    categories: [SAMPLE_IDS.category],
  });
  await call(tradesUpdateFn, 'journal/trades/update', {
    trade_id: SAMPLE_IDS.trade,
    symbol: SAMPLE_IDS.symbol,
    tradeType: 'buy',
    buyPrice: '0.0042',
    shares: '1000',
    note: text.tradeNote,
  });
  await call(tradesImportFn, 'journal/trades/import', {
    executions: [sampleExecution({ orderId: text.orderId, execId: text.orderId })],
  });
  await call(progressFn, 'videos/progress', { nodeId: videoId, position: 123.25 });
  return { sub, headers, customerId: membership.customerId, text };
}
