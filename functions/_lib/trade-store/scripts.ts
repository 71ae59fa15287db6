/**
 * The trade journal's multi-key writes, each one Lua script (atomic; every key declared in KEYS).
 */

/**
 * Save one trade. KEYS: trades zset, the trade's key, its symbol zset, the old symbol's zset (or
 * the same). ARGV: trade id, the stored JSON read ('' when new), new JSON, time, limit, old symbol
 * zset in use ('1'/'0'). Answers 'ok', 'stale' or 'limit'.
 */
export const SAVE_TRADE = `
local trades, trade, symbol, oldSymbol = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local stored = redis.call('GET', trade)
if (stored or '') ~= ARGV[2] then return 'stale' end
if not stored and redis.call('ZCARD', trades) >= tonumber(ARGV[5]) then return 'limit' end
if ARGV[6] == '1' then redis.call('ZREM', oldSymbol, ARGV[1]) end
redis.call('SET', trade, ARGV[3])
redis.call('ZADD', trades, ARGV[4], ARGV[1])
redis.call('ZADD', symbol, ARGV[4], ARGV[1])
return 'ok'
`;

/**
 * Delete one trade. KEYS: trades zset, the trade's key, its symbol zset, the fingerprints hash, the
 * trip-notes hash. ARGV: trade id, the stored JSON read, its fingerprint ('' for a typed trade).
 * Answers 'ok', 'missing' or 'stale'. A deleted imported execution may be imported again. What was
 * noted on the round trip it opened goes too: that round trip's id was this trade's, and no trip
 * will carry it again.
 */
export const DELETE_TRADE = `
local stored = redis.call('GET', KEYS[2])
if not stored then return 'missing' end
if stored ~= ARGV[2] then return 'stale' end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if ARGV[3] ~= '' then redis.call('HDEL', KEYS[4], ARGV[3]) end
redis.call('HDEL', KEYS[5], ARGV[1])
return 'ok'
`;

/**
 * Import a batch of executions, all or nothing. KEYS: trades zset, fingerprints hash, then for each
 * execution its trade key and its symbol zset. ARGV: limit, then for each execution: fingerprint,
 * trade id, time, JSON. An execution whose fingerprint is known is skipped (a duplicate).
 * Answers { added, duplicates, total }, or 'limit' when the new ones would pass the cap.
 */
export const IMPORT_TRADES = `
local trades, fps = KEYS[1], KEYS[2]
local n = (#ARGV - 1) / 4
local fresh, seen = {}, {}
for i = 1, n do
  local fp = ARGV[1 + (i - 1) * 4 + 1]
  if not seen[fp] and redis.call('HEXISTS', fps, fp) == 0 then fresh[#fresh + 1] = i end
  seen[fp] = true
end
if redis.call('ZCARD', trades) + #fresh > tonumber(ARGV[1]) then return 'limit' end
for _, i in ipairs(fresh) do
  local at = 1 + (i - 1) * 4
  local fp, id, time, json = ARGV[at + 1], ARGV[at + 2], ARGV[at + 3], ARGV[at + 4]
  redis.call('HSET', fps, fp, id)
  redis.call('SET', KEYS[2 + (i - 1) * 2 + 1], json)
  redis.call('ZADD', trades, time, id)
  redis.call('ZADD', KEYS[2 + (i - 1) * 2 + 2], time, id)
end
return { #fresh, n - #fresh, redis.call('ZCARD', trades) }
`;

/**
 * Tag round trips, all or nothing. KEYS: tags hash, trip-notes hash. ARGV: max distinct tags, max
 * tags a trip, JSON of the tags to define `[[id, json], …]`, JSON ids to add, JSON ids to remove,
 * then risk, stop and target, each '' keep, '-' clear, else the value; then the trip ids. Caps are checked here, inside
 * the atomic script, so calls at once can never pass them. Answers `{'ok', note JSON…}` (one per
 * trip, in order), `{'tags'}` past the distinct cap, `{'unknown', id}`, or `{'trip', id}` past a
 * trip's cap.
 */
export const TAG_TRIPS = `
local tags, notes = KEYS[1], KEYS[2]
local maxTags, maxPerTrip = tonumber(ARGV[1]), tonumber(ARGV[2])
local define, add, remove = cjson.decode(ARGV[3]), cjson.decode(ARGV[4]), cjson.decode(ARGV[5])
local risk, stop, target = ARGV[6], ARGV[7], ARGV[8]
local fresh, known = {}, {}
for _, d in ipairs(define) do
  if redis.call('HEXISTS', tags, d[1]) == 0 and not known[d[1]] then fresh[#fresh + 1] = d end
  known[d[1]] = true
end
if redis.call('HLEN', tags) + #fresh > maxTags then return {'tags'} end
for _, list in ipairs({add, remove}) do
  for _, id in ipairs(list) do
    if not known[id] and redis.call('HEXISTS', tags, id) == 0 then return {'unknown', id} end
  end
end
local removed = {}
for _, id in ipairs(remove) do removed[id] = true end
local out = {'ok'}
local writes = {}
local function set(current, value)
  if value == '-' then return nil elseif value ~= '' then return value end
  if current == cjson.null or current == '' then return nil end
  return current
end
for i = 9, #ARGV do
  local trip = ARGV[i]
  local raw = redis.call('HGET', notes, trip)
  local note = raw and cjson.decode(raw) or {}
  local current = type(note.tags) == 'table' and note.tags or {}
  local next, has = {}, {}
  for _, id in ipairs(current) do
    if not removed[id] and not has[id] then next[#next + 1] = id; has[id] = true end
  end
  for _, d in ipairs(define) do
    if not has[d[1]] then next[#next + 1] = d[1]; has[d[1]] = true end
  end
  for _, id in ipairs(add) do
    if not has[id] then next[#next + 1] = id; has[id] = true end
  end
  if #next > maxPerTrip then return {'trip', trip} end
  local r, s, t = set(note.risk, risk), set(note.stop, stop), set(note.target, target)
  local json = cjson.encode({tags = next, risk = r or '', stop = s, target = t})
  writes[#writes + 1] = {trip, json, #next == 0 and not r and not s and not t}
  out[#out + 1] = json
end
for _, d in ipairs(fresh) do redis.call('HSET', tags, d[1], d[2]) end
for _, w in ipairs(writes) do
  if w[3] then redis.call('HDEL', notes, w[1]) else redis.call('HSET', notes, w[1], w[2]) end
end
return out
`;

/**
 * Rename or delete one tag everywhere, all or nothing. KEYS: tags hash, trip-notes hash. ARGV: the
 * tag id, the new id ('' to delete), the new tag's JSON. A rename to a name the member already uses
 * (same kind) merges the two; trips end with each tag once, so no cap can be passed. Only notes that
 * name the tag are decoded (a plain find first: a member may have noted thousands of trips). Answers
 * `{'ok', tags HGETALL, notes HGETALL}` or `{'unknown'}`.
 */
export const EDIT_TAG = `
local tags, notes = KEYS[1], KEYS[2]
local id, into, json = ARGV[1], ARGV[2], ARGV[3]
if redis.call('HEXISTS', tags, id) == 0 then return {'unknown'} end
if into ~= id then redis.call('HDEL', tags, id) end
if into ~= '' then redis.call('HSET', tags, into, json) end
if into ~= id then
  local all = redis.call('HGETALL', notes)
  local quoted = '"' .. id .. '"'
  for i = 1, #all, 2 do
    if string.find(all[i + 1], quoted, 1, true) then
      local note = cjson.decode(all[i + 1])
      local next, has = {}, {}
      for _, tag in ipairs(type(note.tags) == 'table' and note.tags or {}) do
        if tag == id then tag = into end
        if tag ~= '' and not has[tag] then next[#next + 1] = tag; has[tag] = true end
      end
      local risk = note.risk
      if risk == cjson.null then risk = '' end
      local stop, target = note.stop, note.target
      if stop == cjson.null or stop == '' then stop = nil end
      if target == cjson.null or target == '' then target = nil end
      if #next == 0 and (risk or '') == '' and not stop and not target then
        redis.call('HDEL', notes, all[i])
      else
        redis.call('HSET', notes, all[i], cjson.encode({tags = next, risk = risk or '', stop = stop, target = target}))
      end
    end
  end
end
return {'ok', redis.call('HGETALL', tags), redis.call('HGETALL', notes)}
`;

/**
 * Add and delete a member's splits and symbol changes, all or nothing. KEYS: the actions hash.
 * ARGV: limit, the number of ids to delete, those ids, then id and JSON of each action to add (an
 * id already there is replaced; one both deleted and added ends added). Answers {'limit'} when the
 * result would pass the cap (nothing written), else {'ok', HGETALL}.
 */
export const EDIT_ACTIONS = `
local actions = KEYS[1]
local deletes = tonumber(ARGV[2])
local gone, dropped = {}, 0
for i = 3, 2 + deletes do
  local id = ARGV[i]
  if not gone[id] and redis.call('HEXISTS', actions, id) == 1 then dropped = dropped + 1 end
  gone[id] = true
end
local fresh, seen = 0, {}
for i = 3 + deletes, #ARGV, 2 do
  local id = ARGV[i]
  if not seen[id] and (gone[id] or redis.call('HEXISTS', actions, id) == 0) then fresh = fresh + 1 end
  seen[id] = true
end
if redis.call('HLEN', actions) - dropped + fresh > tonumber(ARGV[1]) then return {'limit'} end
for i = 3, 2 + deletes do redis.call('HDEL', actions, ARGV[i]) end
for i = 3 + deletes, #ARGV, 2 do redis.call('HSET', actions, ARGV[i], ARGV[i + 1]) end
return {'ok', redis.call('HGETALL', actions)}
`;
