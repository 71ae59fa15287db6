/**
 * The console's member search (docs/operator.md "Search"): the members any of whose terms (their
 * email and its domain, customer id, chat username, certificate names: search-terms.ts) begin with
 * the query, newest first (by `ops:members`' score, when they signed up), a page at a time. One
 * script, one round trip, whatever the query:
 * - Most queries name few members: their entries in `ops:search` (from `[q` to `[q\xff`, and
 *   `[@q` for a domain) are counted (ZLEXCOUNT), and when there are at most MAX_TERMS, read
 *   (ZRANGEBYLEX); of their members (ZMSCORE: when each signed up) the newest page is kept.
 * - A query with more entries than that (`gmail`, `cus_`) matches many members, a good share of
 *   all: none of them is read; the member index is walked newest first instead, each member's
 *   terms (`ops:search-terms`) checked, until the page is full. It stops after MAX_WALK members
 *   without a full page and answers what it found with a cursor to go on from there, so a call
 *   never reads more than a bounded part of the index.
 * Both ways answer the same order and the same cursor (`{score}|{matches already passed at that
 * score}`), so paging goes on whichever way a page was found.
 */
import { customerOwnerKey } from '../billing/membership.ts';
import type { Store } from '../store.ts';
import { opsKeys } from './keys.ts';
import { searchText } from './search-terms.ts';

/** Entries read by prefix before the query counts as broad (then the member index is walked). */
export const MAX_TERMS = 5_000;
/** Members a broad query's walk looks at in one call before it answers what it found. */
export const MAX_WALK = 5_000;

export interface SearchBounds {
  maxTerms: number;
  maxWalk: number;
}

export interface SearchPage {
  /** Newest first: at most `limit`. */
  subs: string[];
  next: string | null;
}

/**
 * KEYS: ops:search, ops:members, ops:search-terms, ops:email, the customer-owner key of the query
 * as typed. ARGV: the query, the query after an `@` ('' when it has one), the page size, the
 * cursor's score ('' for the first page) and matches to skip at it, MAX_TERMS, MAX_WALK, the query
 * as an exact email ('' when it is not one).
 * Answers {resume score or '', resume skip, sub, score, …}: up to limit + 1 members in order; the
 * resume position when a walk stopped at MAX_WALK before the page was full.
 */
const SEARCH = `
local search, members, terms = KEYS[1], KEYS[2], KEYS[3]
local q, q_domain = ARGV[1], ARGV[2]
local limit = tonumber(ARGV[3])
local cursor_score = nil
if ARGV[4] ~= '' then cursor_score = tonumber(ARGV[4]) end
local cursor_skip = tonumber(ARGV[5])
local max_terms, max_walk = tonumber(ARGV[6]), tonumber(ARGV[7])

-- ZREVRANGE's order: higher score first, then the member's bytes in reverse (Lua's < follows the
-- server's locale, so bytes are compared here).
local function bytes_greater(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x > y end
  end
  return #a > #b
end
local function before(a, b)
  if a.score ~= b.score then return a.score > b.score end
  return bytes_greater(a.sub, b.sub)
end

-- The page: members in order, those before the cursor passed over.
local page, skipped = {}, 0
local function offer(sub, score, text)
  if cursor_score then
    if score > cursor_score then return false end
    if score == cursor_score and skipped < cursor_skip then
      skipped = skipped + 1
      return false
    end
  end
  page[#page + 1] = { sub = sub, score = score, text = text }
  return #page > limit
end

local function starts(term, prefix)
  return prefix ~= '' and string.sub(term, 1, #prefix) == prefix
end
local function matches(raw)
  if not raw then return false end
  local ok, by = pcall(cjson.decode, raw)
  if not ok or type(by) ~= 'table' then return false end
  for _, list in pairs(by) do
    if type(list) == 'table' then
      for _, term in ipairs(list) do
        if type(term) == 'string' and (starts(term, q) or starts(term, q_domain)) then return true end
      end
    end
  end
  return false
end

-- The entries by prefix: nil when there are more than max_terms (a broad query), counted first
-- (ZLEXCOUNT: a lookup, whatever the count) so a broad query reads none of them.
local function by_prefix()
  local prefixes, entries = {}, 0
  for _, prefix in ipairs({ q, q_domain }) do
    if prefix ~= '' then
      prefixes[#prefixes + 1] = prefix
      entries = entries + redis.call('ZLEXCOUNT', search, '[' .. prefix, '[' .. prefix .. '\\255')
    end
  end
  if entries > max_terms then return nil end
  local seen, subs = {}, {}
  for _, prefix in ipairs(prefixes) do
    if entries > 0 then
      local found = redis.call('ZRANGEBYLEX', search, '[' .. prefix, '[' .. prefix .. '\\255')
      for _, entry in ipairs(found) do
        local cut = string.find(entry, '\\0', 1, true)
        local sub = cut and string.sub(entry, cut + 1) or ''
        if sub ~= '' and not seen[sub] then
          seen[sub] = true
          subs[#subs + 1] = sub
        end
      end
    end
  end
  -- Before the backfill has filed every member: the exact address or customer id still finds them.
  if #subs == 0 then
    for _, owner in ipairs({ ARGV[8] ~= '' and redis.call('HGET', KEYS[4], ARGV[8]), redis.call('GET', KEYS[5]) }) do
      if owner and not seen[owner] then
        seen[owner] = true
        subs[#subs + 1] = owner
      end
    end
  end
  -- The newest limit + 1 after the cursor, without sorting them all: each member goes into the
  -- few kept, in order, or is older than every one of them. Those of the cursor's own score (a
  -- few at most) are put in order and the ones already shown passed over.
  local want, ties = limit + 1, {}
  local function keep(row)
    local at = #page
    if at == want and not before(row, page[at]) then return end
    while at >= 1 and before(row, page[at]) do
      page[at + 1] = page[at]
      at = at - 1
    end
    page[at + 1] = row
    page[want + 1] = nil
  end
  for from = 1, #subs, 1000 do
    local chunk = { unpack(subs, from, math.min(#subs, from + 999)) }
    local scores = redis.call('ZMSCORE', members, unpack(chunk))
    for i, sub in ipairs(chunk) do
      local text = scores[i]
      if text then
        local score = tonumber(text)
        if cursor_score and score == cursor_score then
          ties[#ties + 1] = { sub = sub, score = score, text = text }
        elseif (not cursor_score or score < cursor_score) and (#page < want or score >= page[want].score) then
          keep({ sub = sub, score = score, text = text })
        end
      end
    end
  end
  table.sort(ties, before)
  for i = cursor_skip + 1, #ties do keep(ties[i]) end
  return true
end

-- The member index newest first from the cursor, each member's terms checked. Answers the resume
-- position when it stops at max_walk with the page not full.
local function walk()
  local rank = 0
  if cursor_score then rank = redis.call('ZCOUNT', members, '(' .. ARGV[4], '+inf') end
  local walked, last_text, last_score, matched_at_last = 0, nil, nil, 0
  while true do
    local batch = redis.call('ZREVRANGE', members, rank, rank + 499, 'WITHSCORES')
    if #batch == 0 then return nil end
    local subs = {}
    for i = 1, #batch, 2 do subs[#subs + 1] = batch[i] end
    local raws = redis.call('HMGET', terms, unpack(subs))
    for j, sub in ipairs(subs) do
      local text = batch[2 * j]
      local score = tonumber(text)
      if score ~= last_score then last_text, last_score, matched_at_last = text, score, 0 end
      if matches(raws[j]) then
        matched_at_last = matched_at_last + 1
        if offer(sub, score, text) then return nil end
      end
      -- Members of the cursor's own score were looked at by the call before (ties of one ms: a
      -- few): not counted, so each call gets past them.
      if score ~= cursor_score then
        walked = walked + 1
        if walked >= max_walk then return { last_text, matched_at_last } end
      end
    end
    if #subs < 500 then return nil end
    rank = rank + #subs
  end
end

local resume = nil
if not by_prefix() then resume = walk() end
local reply = { '', 0 }
if resume and #page <= limit then reply = { resume[1], resume[2] } end
for _, row in ipairs(page) do
  reply[#reply + 1] = row.sub
  reply[#reply + 1] = row.text
end
return reply`;

export interface SearchInput {
  /** As the operator typed it (trimmed, at least 2 characters: the contract's rule). */
  query: string;
  cursor: { score: number; skip: number } | null;
  limit: number;
}

/**
 * The page of members `query` finds (see above); `next` in the list's cursor form. One round trip.
 */
export async function searchMembers(
  store: Store,
  input: SearchInput,
  bounds: SearchBounds = { maxTerms: MAX_TERMS, maxWalk: MAX_WALK },
): Promise<SearchPage> {
  const q = searchText(input.query);
  const { cursor, limit } = input;
  const reply = (await store.eval(
    SEARCH,
    [
      opsKeys.search,
      opsKeys.members,
      opsKeys.searchTerms,
      opsKeys.email,
      customerOwnerKey(input.query.trim()),
    ],
    [
      q,
      q.includes('@') ? '' : `@${q}`,
      String(limit),
      cursor ? String(cursor.score) : '',
      String(cursor?.skip ?? 0),
      String(bounds.maxTerms),
      String(bounds.maxWalk),
      q.includes('@') ? q : '',
    ],
  )) as unknown[];
  const rows: Array<{ sub: string; score: number }> = [];
  for (let i = 2; i + 1 < reply.length; i += 2)
    rows.push({ sub: String(reply[i]), score: Number(reply[i + 1]) });
  const shown = rows.slice(0, limit);
  const resume = String(reply[0] ?? '');
  const next =
    rows.length > limit
      ? nextCursor(shown, cursor)
      : resume !== ''
        ? `${Number(resume)}|${Number(reply[1])}`
        : null;
  return { subs: shown.map((row) => row.sub), next };
}

/**
 * The cursor after a full page, in order (score, newest first): its last score and how many at that
 * score were shown, with those the cursor had passed when it was at the same score.
 */
export function nextCursor(
  shown: ReadonlyArray<{ score: number }>,
  cursor: { score: number; skip: number } | null,
): string | null {
  const last = shown.at(-1);
  if (!last) return null;
  const ties = shown.filter((entry) => entry.score === last.score).length;
  const skip = ties + (cursor && cursor.score === last.score ? cursor.skip : 0);
  return `${last.score}|${skip}`;
}
