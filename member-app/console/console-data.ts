import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { MemberRow } from '../../functions/_lib/contract/operator.ts';
import { ApiError, callApi } from '../api/client.ts';
import { downloadFile } from '../api/download.ts';
import type { MemberAction } from './action-rules.ts';

/**
 * The console's reads (docs/operator.md): the member index or the members a search finds, newest
 * first, and the audit log, whole or one member's. Operator calls answer a non-operator 403 without
 * `redirect`, so nothing here sends anyone to /payment. Answers stay fresh for half a minute: the
 * operator looks at what is happening now, and *More* pages follow the first page's cursor (a
 * search's too).
 */
const FRESH_MS = 30_000;

export const membersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['operator', 'members', query],
    queryFn: ({ pageParam }) =>
      callApi('operator/members', {
        ...(query ? { query } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: FRESH_MS,
  });

export const auditQuery = (member: string | null) =>
  infiniteQueryOptions({
    queryKey: ['operator', 'audit', member],
    queryFn: ({ pageParam }) =>
      callApi('operator/audit', {
        ...(member ? { member } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: FRESH_MS,
  });

/** What a signed-in caller without the operator's permission is told (the server's 403). */
export const REFUSAL = 'This page is for the people who run OTC Edge.';

/** The refusal of a signed-in caller without the operator's permission. */
export const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** *Download CSV*: the audit log (one member's with `member`) as the server streams it, saved as a file. */
export const downloadAuditCsv = (member: string | null, fileName: string): Promise<void> =>
  downloadFile('/api/operator/audit/export', member ? { member } : {}, fileName);

/** The money and churn figures (operator/metrics): from the daily snapshots, fresh for half a minute. */
export const metricsQuery = queryOptions({
  queryKey: ['operator', 'metrics'],
  queryFn: () => callApi('operator/metrics', {}),
  staleTime: FRESH_MS,
});

/** The undeliverable emails and the queue's state (operator/emails), fresh for half a minute. */
export const emailsQuery = queryOptions({
  queryKey: ['operator', 'emails'],
  queryFn: () => callApi('operator/emails', {}),
  staleTime: FRESH_MS,
});

/** Queues an undeliverable email again (operator/emails/retry), by its key. */
export const retryEmail = (key: string) => callApi('operator/emails/retry', { key });

/** An action's answer: the member's row now, and for an invite, its link and expiry. */
export type ActionAnswer = { member: MemberRow; invite?: string; expiresAt?: number };

/** Sends one operator action for `member` (their subject) to its call. */
export function runAction(member: string, action: MemberAction): Promise<ActionAnswer> {
  switch (action.kind) {
    case 'extend':
      return callApi('operator/members/extend', { member, days: action.days });
    case 'complimentary':
      return callApi('operator/members/complimentary', { member, until: action.until });
    case 'cancel':
      return callApi('operator/members/cancel', { member, when: action.when });
    case 'autopay':
      return callApi('operator/members/autopay', { member, on: action.on });
    case 'chat':
      return callApi('operator/members/chat', { member, access: action.access });
    case 'invite':
      return callApi('operator/members/chat/invite', { member });
  }
}

/**
 * After an action: the member list and the audit logs (the whole one and the member's) are read
 * again, so the new row and the new entries show; the figures too, as billing actions move them.
 */
export const afterAction = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['operator', 'members'] }),
    queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] }),
    queryClient.invalidateQueries({ queryKey: ['operator', 'metrics'] }),
  ]);
