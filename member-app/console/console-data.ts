import { infiniteQueryOptions } from '@tanstack/react-query';
import { ApiError, callApi } from '../api/client.ts';
import { accessTokenForApi } from '../auth/auth-service.ts';

/**
 * The console's reads (docs/operator.md): the member index newest first or one member found, and
 * the audit log, whole or one member's. Operator calls answer a non-operator 403 without `redirect`,
 * so nothing here sends anyone to /payment. Answers stay fresh for half a minute: the operator
 * looks at what is happening now, and *More* pages follow the first page's cursor.
 */
const FRESH_MS = 30_000;

export const membersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['operator', 'members', query],
    queryFn: ({ pageParam }) =>
      callApi('operator/members', query ? { query } : pageParam ? { cursor: pageParam } : {}),
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

/**
 * *Download CSV*: the audit log (one member's with `member`) as the server streams it, saved as a
 * file. Not through callApi, which reads JSON: the body is the file. The bearer token goes with it
 * (a 401 is tried once more with a renewed token, as callApi does).
 */
export async function downloadAuditCsv(member: string | null, fileName: string): Promise<void> {
  const send = (token: string | null) =>
    fetch('/api/operator/audit/export', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(member ? { member } : {}),
    });
  const token = await accessTokenForApi();
  let response = await send(token);
  if (response.status === 401 && token) {
    const renewed = await accessTokenForApi({ force: true });
    if (renewed) response = await send(renewed);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, data.error ?? `Download failed (${response.status})`);
  }
  const file = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
