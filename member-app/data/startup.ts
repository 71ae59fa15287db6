import type { QueryClient } from '@tanstack/react-query';
import { isSignedIn, sessionIdentity } from '../auth/session.ts';
import { notesQuery } from '../journal/journal-data.ts';
import { libraryMetaQuery, startupListsQuery } from '../videos/library-data.ts';
import { memberCallsAllowed, noteSignInHandOff, statusFirst } from './membership-first.ts';

/**
 * docs/product.md §4 start-up: everything a visit needs, requested at once and in parallel (no waterfalls),
 * into the query cache that route loaders read from (they share a request still in flight).
 * - with a token: the 100 latest videos and 100 of each playlist, playlists and tags, the first
 *   page of journal notes;
 * - without: the 25 latest.
 * Articles join these lists when their section moves into the app.
 * Not on the sign-in hand-off or the payment page, where the session is being made or paid for,
 * nor on the operator's console, whose operator may have no membership (its calls are its own).
 * Right after signing in with a token that names no payment customer (a new account), the status is
 * checked first (membership-first.ts), so a non-member goes to /payment without a refused call.
 */
type Load = (client: QueryClient) => Promise<unknown>;
const lists: Load = (client) => client.query(startupListsQuery);
const catalog: Load = (client) => client.query(libraryMetaQuery);
const notes: Load = (client) => client.infiniteQuery(notesQuery);
const memberLoads = [lists, catalog, notes];
const visitorLoads = [lists];
// The console's operator need not be a member: the member loads would send them to /payment.
const SKIPPED = new Set(['callback', 'payment', 'console']);

/** Whom start-up last ran for: a new session (sign-in, sign-out) starts over with its own data. */
let startedFor: string | null | undefined;

/** Answers whether it started the visit's requests (once per session, not on every navigation). */
export function startUp(client: QueryClient, pathname = window.location.pathname): boolean {
  const identity = sessionIdentity();
  const section = pathname.split('/')[1] ?? '';
  if (section === 'callback') noteSignInHandOff();
  if (startedFor === identity || SKIPPED.has(section)) return false;
  startedFor = identity;
  // Old background workers go, and the bar's Console link shows for an operator's token: in a lazy
  // chunk, as the first screen waits for neither (after-start.ts).
  void import('./after-start.ts').then((after) => after.afterStart(identity !== null));
  const run = (loads: Load[]) => {
    for (const load of loads) {
      // Failures are stored or logged silently (docs/product.md §8); the route that needs the data asks again.
      load(client).catch((error: unknown) => console.warn('Start-up load failed', error));
    }
  };
  // A member's visit starts everything at once; a session made just now without a paying customer
  // (a new account) asks its status first (membership-first.ts).
  if (!isSignedIn()) run(visitorLoads);
  else if (!statusFirst()) run(memberLoads);
  else void memberCallsAllowed(client).then((allowed) => allowed && run(memberLoads));
  return true;
}

/**
 * Lets the browser run its own work (input, paint) before going on: the visit's requests are sent,
 * then the first page's code and data are loaded in a task of their own, not in one long task
 * with them. `scheduler.yield` where there is one, a new task elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
