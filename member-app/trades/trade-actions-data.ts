import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiRequest, TradeAction, TradeActionInput } from '../../functions/_lib/contract/index.ts';
import { MAX_ACTIONS_PER_CALL } from '../../functions/_lib/trades/stored-actions.ts';
import { callApi } from '../api/client.ts';

/** The member's splits and symbol changes (journal/trades/actions*), which the round trips apply. */
export const tradeActionsQuery = () =>
  queryOptions({
    queryKey: ['trades', 'actions'],
    queryFn: () => callApi('journal/trades/actions', {}),
  });

export type EditActionsInput = ApiRequest<'journal/trades/actions/update'>;

/** Adds and deletes actions; the answer (every action kept) goes straight into the cache. */
export async function editActions(client: QueryClient, input: EditActionsInput): Promise<TradeAction[]> {
  const answer = await callApi('journal/trades/actions/update', input);
  client.setQueryData(tradeActionsQuery().queryKey, answer);
  return answer.actions;
}

/**
 * A file's actions kept for the member after its executions are saved (the import), in calls of at
 * most 100. Their ids come from their fields (stored-actions.ts fileActionInput), so importing the
 * same file again keeps one copy of each.
 */
export async function saveFileActions(
  client: QueryClient,
  actions: readonly TradeActionInput[],
): Promise<void> {
  for (let start = 0; start < actions.length; start += MAX_ACTIONS_PER_CALL) {
    await editActions(client, { add: actions.slice(start, start + MAX_ACTIONS_PER_CALL) });
  }
}
