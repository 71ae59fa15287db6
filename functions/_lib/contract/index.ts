import type { z } from 'zod';
import { accountApi } from './account.ts';
import { articlesApi } from './articles.ts';
import { billingApi } from './billing.ts';
import { chatApi } from './chat.ts';
import { coursesApi } from './courses.ts';
import { journalApi } from './journal.ts';
import { libraryApi } from './library.ts';
import { operatorApi } from './operator.ts';
import { reviewApi } from './review.ts';
import type { ContractEntry } from './shared.ts';
import { siteApi } from './site.ts';
import { tradesApi } from './trades.ts';

/**
 * The request/response contract of every /api call, shared by functions/ (runtime validation,
 * through defineEndpoint) and member-app/ (types only, so no schema code ships to the browser).
 * One file per area; this index merges them. Keys are the path after /api/; the function file is
 * the key with '/' → '-' (user/updateemail → user-updateemail.ts).
 */
export const api = {
  ...siteApi,
  ...articlesApi,
  ...libraryApi,
  ...accountApi,
  ...billingApi,
  ...chatApi,
  ...journalApi,
  ...tradesApi,
  ...reviewApi,
  ...coursesApi,
  ...operatorApi,
} as const satisfies Record<string, ContractEntry>;

export type ApiName = keyof typeof api;
export type ApiEntry<N extends ApiName> = (typeof api)[N];
export type ApiRequest<N extends ApiName> = z.input<ApiEntry<N>['request']>;
export type ApiResponse<N extends ApiName> = z.output<ApiEntry<N>['response']>;
export type ApiMethod<N extends ApiName> = ApiEntry<N>['method'];

export { Article } from './articles.ts';
export { PlanName, Plans } from './billing.ts';
export { Category, Note, NoteSummary, SymbolNotes } from './journal.ts';
export {
  AudioTrack,
  Chapter,
  Playlist,
  Tag,
  Video,
  VideoDetail,
  VideoGroups,
  WatchingVideo,
} from './library.ts';
export type { ContractEntry, Method } from './shared.ts';
export { ImportedExecution, Trade, TradeAction, TradeActionInput, TripNote, TripTag } from './trades.ts';
