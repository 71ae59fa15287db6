/**
 * Writes of the console's search index (`ops:search`, `ops:search-terms`: keys.ts): Lua for the
 * scripts that change what members are found by, so each change and its terms are one atomic write.
 * The terms are made in JavaScript (search-terms.ts) and handed over as JSON `{ source: [terms] }`.
 */
import type { Store } from '../store.ts';
import { opsKeys } from './keys.ts';
import {
  customerTerms,
  emailTerms,
  nameTerms,
  type SearchSource,
  type SearchUpdate,
} from './search-terms.ts';

/**
 * `search_update(search, terms, sub, update, fill)`: the member's terms of each source in `update`
 * (JSON) replace that source's; entries no source holds any more leave `ops:search`, the rest are
 * (re)added. With `fill`, a source already set is left as it is: the backfill, which read the
 * member earlier, never overwrites what a write set since (a source emptied is `[]`, still set).
 * `search_drop(search, terms, sub)`: every entry of the member goes (account deletion).
 */
export const SEARCH_INDEX_LUA = `
local function search_sources(raw)
  if not raw then return {} end
  local ok, by = pcall(cjson.decode, raw)
  if ok and type(by) == 'table' then return by end
  return {}
end
local function search_all(by)
  local all = {}
  for _, list in pairs(by) do
    if type(list) == 'table' then
      for _, term in ipairs(list) do
        if type(term) == 'string' and term ~= '' then all[term] = true end
      end
    end
  end
  return all
end
local function search_update(search_key, terms_key, sub, update, fill)
  local by = search_sources(redis.call('HGET', terms_key, sub))
  local before = search_all(by)
  local changed = false
  for source, list in pairs(cjson.decode(update)) do
    if not (fill and by[source] ~= nil) then
      by[source] = list
      changed = true
    end
  end
  if not changed then return 0 end
  local after = search_all(by)
  for term in pairs(before) do
    if not after[term] then redis.call('ZREM', search_key, term .. '\\0' .. sub) end
  end
  for term in pairs(after) do redis.call('ZADD', search_key, 0, term .. '\\0' .. sub) end
  redis.call('HSET', terms_key, sub, cjson.encode(by))
  return 1
end
local function search_drop(search_key, terms_key, sub)
  for term in pairs(search_all(search_sources(redis.call('HGET', terms_key, sub)))) do
    redis.call('ZREM', search_key, term .. '\\0' .. sub)
  end
  redis.call('HDEL', terms_key, sub)
end`;

/** The keys `search_update` and `search_drop` take, in their order. */
export const searchIndexKeys = () => [opsKeys.search, opsKeys.searchTerms];

/** An update as the scripts take it. */
export const searchUpdateJson = (update: SearchUpdate): string => JSON.stringify(update);

/** The source of a certificate's name: one per course, so issuing one never touches another's. */
export const certificateSource = (course: string): SearchSource => `cert:${course}`;

/** What a member is found by, from what the store holds of them (the backfill's reading). */
export function memberSearchUpdate(member: {
  email: string | null;
  customerId: string | null;
  chatUsername: string | null;
  certificates: ReadonlyArray<{ course: string; name: string }>;
}): SearchUpdate {
  const update: SearchUpdate = {
    email: emailTerms(member.email ?? ''),
    customer: customerTerms(member.customerId),
    chat: nameTerms(member.chatUsername),
  };
  for (const { course, name } of member.certificates) update[certificateSource(course)] = nameTerms(name);
  return update;
}

const DROP = `${SEARCH_INDEX_LUA}
search_drop(KEYS[1], KEYS[2], ARGV[1])
return 1`;

/** Removes every entry of a member from the search (account deletion). One script. */
export function dropSearchCall(sub: string): { script: string; keys: string[]; args: string[] } {
  return { script: DROP, keys: searchIndexKeys(), args: [sub] };
}

export async function dropSearchTerms(store: Store, sub: string): Promise<void> {
  const call = dropSearchCall(sub);
  await store.eval(call.script, call.keys, call.args);
}
