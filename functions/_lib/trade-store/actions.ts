import type { MembershipGate } from '../billing/gate.ts';
import type { TradeAction, TradeActionInput } from '../contract/trades.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { queueMember } from '../market/sync-queue.ts';
import { flatEntries, parseJson } from '../store.ts';
import { FORMAT_IDS } from '../trades/brokers/index.ts';
import { checkAction, MAX_ACTIONS } from '../trades/stored-actions.ts';
import { tradeKeys } from './keys.ts';
import { EDIT_ACTIONS } from './scripts.ts';

/** The member's splits and symbol changes (docs/trades.md, "Splits and symbol changes"). */
export interface ActionsAnswer {
  actions: TradeAction[];
}

/** A raw HGETALL of the actions hash, oldest first (then by id: one order on every read). */
export function readActions(reply: unknown): TradeAction[] {
  return flatEntries(reply)
    .flatMap(([, json]) => {
      const action = parseJson<TradeAction>(json);
      return action ? [action] : [];
    })
    .sort((a, b) => a.at - b.at || (a.action_id < b.action_id ? -1 : a.action_id > b.action_id ? 1 : 0));
}

/** Every action the member keeps: one round trip, the membership check riding in it. */
export async function listActions(gate: MembershipGate): Promise<ActionsAnswer> {
  const [reply] = await gate.exec<[unknown]>(gate.pipeline().hgetall(tradeKeys.actions(gate.caller.sub)));
  return { actions: readActions(reply) };
}

export interface EditActionsInput {
  add?: TradeActionInput[] | undefined;
  delete_ids?: string[] | undefined;
}

/**
 * Adds (or replaces, by id) and deletes actions, all or nothing: every new one is checked first (a
 * refusal names it and writes nothing), then one script writes them and enforces the cap atomically.
 * Deleting an id the member does not have is no error (it is gone either way). Two round trips: the
 * gate's pipeline, then the script.
 */
export async function editActions(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: EditActionsInput,
): Promise<ActionsAnswer> {
  const now = deps.now();
  const add = (input.add ?? []).map((item, i) => {
    const checked = checkAction(item, now);
    const which = (input.add?.length ?? 0) > 1 ? ` (action ${i + 1})` : '';
    if (!checked.ok) throw badRequest(`${checked.reason}${which}`);
    if (checked.action.source !== 'entered' && !FORMAT_IDS.has(checked.action.source))
      throw badRequest(`"${checked.action.source}" is not a file format the journal reads${which}`);
    return checked.action;
  });
  const deletes = input.delete_ids ?? [];
  const key = tradeKeys.actions(gate.caller.sub);
  if (add.length === 0 && deletes.length === 0) return listActions(gate);
  // The membership is judged before anything is written.
  await gate.exec(gate.pipeline().exists(key));
  // Splits and symbol changes change round trips: their MAE/MFE are measured again in the background.
  const [reply] = (await queueMember(
    deps.store
      .pipeline()
      .eval(
        EDIT_ACTIONS,
        [key],
        [
          String(MAX_ACTIONS),
          String(deletes.length),
          ...deletes,
          ...add.flatMap((action) => [action.action_id, JSON.stringify(action)]),
        ],
      ),
    gate.caller.sub,
    now,
  ).exec()) as [[string, unknown?]];
  if (reply[0] === 'limit')
    throw new HttpError(422, `You can keep at most ${MAX_ACTIONS} splits and symbol changes`);
  return { actions: readActions(reply[1]) };
}
