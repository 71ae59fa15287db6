import type { MembershipGate } from '../billing/gate.ts';
import type { Category, NoteSummary } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { flatEntries } from '../store.ts';
import { journalKeys } from './keys.ts';
import { readSummaries } from './notes.ts';
import { categoryNameError, MAX_CATEGORIES } from './rules.ts';
import { DELETE_CATEGORY, PUT_CATEGORY } from './scripts.ts';

const ATTEMPTS = 3;

/** docs/product.md §7 journal/categories: the member's categories, by name (one round trip). */
export async function listCategories(gate: MembershipGate): Promise<{ categories: Category[] }> {
  const [raw] = await gate.exec<[unknown]>(gate.pipeline().hgetall(journalKeys.categories(gate.caller.sub)));
  return { categories: toCategories(raw) };
}

/** docs/product.md §7 journal/categories/notes: the notes in a category, newest saved first (two round trips). */
export async function categoryNotes(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  categoryId: string,
): Promise<{ notes: NoteSummary[] }> {
  const { sub } = gate.caller;
  const [ids] = await gate.exec<[string[]]>(gate.pipeline().smembers(journalKeys.category(sub, categoryId)));
  return { notes: await readSummaries(deps.store, sub, ids) };
}

/** docs/product.md §7 journal/categories/update, create or rename: `{ category_id, category }`. */
export async function putCategory(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  categoryId: string,
  name: string,
): Promise<{ categories: Category[] }> {
  const error = categoryNameError(name);
  if (error) throw new HttpError(400, error);
  await gate.require();
  const reply = await deps.store.eval(
    PUT_CATEGORY,
    [journalKeys.categories(gate.caller.sub)],
    [categoryId, name.trim(), String(MAX_CATEGORIES)],
  );
  if (reply === 'limit') {
    throw new HttpError(
      422,
      `You have ${MAX_CATEGORIES} categories, the most a journal holds. Delete one to add another.`,
    );
  }
  return { categories: toCategories(reply) };
}

/**
 * docs/product.md §7 journal/categories/update, delete: `{ category_id, delete: 'true' }`. The category leaves
 * every note it was on in the same script (two round trips: its notes, then the script).
 */
export async function deleteCategory(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  categoryId: string,
): Promise<{ categories: Category[] }> {
  const { sub } = gate.caller;
  const members = journalKeys.category(sub, categoryId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [ids] = await gate.read<[string[]]>((pipe) => pipe.smembers(members));
    const reply = await deps.store.eval(
      DELETE_CATEGORY,
      [journalKeys.categories(sub), members, ...ids.map((id) => journalKeys.note(sub, id))],
      [categoryId, ...ids],
    );
    if (reply !== 'stale') return { categories: toCategories(reply) };
  }
  throw new HttpError(409, 'This category is being changed elsewhere; try again');
}

function toCategories(raw: unknown): Category[] {
  return flatEntries(raw)
    .map(([category_id, category]) => ({ category_id, category }))
    .sort((a, b) => a.category.localeCompare(b.category, 'en', { sensitivity: 'base' }));
}
