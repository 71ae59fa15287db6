/**
 * The journal's multi-key writes, each one Lua script so a note and its indexes change together or
 * not at all (a script is atomic; the REST store has no WATCH for a MULTI to lean on). Each script
 * first checks that what the caller read in its first round trip is still true ('stale' otherwise;
 * the domain reads again) and declares every key it touches in KEYS.
 * Lists in a note hash are comma-separated: no JSON in Lua.
 */

/**
 * Save a note. KEYS: note hash, notes zset, symbol registry, categories hash, then one set per
 * symbol in old ∪ new, then one per category in old ∪ new. ARGV: note id, the stored timestamp read
 * ('' when new), new timestamp, title, body, note limit, new symbols CSV, new categories CSV, the two
 * counts, then the symbols and the category ids those sets belong to, in KEYS order, and last the
 * note's searchable text.
 * Answers 'ok', 'stale', 'limit', or 'category:{id}' for a category that does not exist.
 */
export const SAVE_NOTE = `
local note, notes, registry, cats = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id = ARGV[1]
local stored = redis.call('HGET', note, 'timestamp')
if (stored or '') ~= ARGV[2] then return 'stale' end
if not stored and redis.call('ZCARD', notes) >= tonumber(ARGV[6]) then return 'limit' end
local function set(csv)
  local t = {}
  for v in string.gmatch(csv, '[^,]+') do t[v] = true end
  return t
end
local symbols, categories = set(ARGV[7]), set(ARGV[8])
for c in pairs(categories) do
  if redis.call('HEXISTS', cats, c) == 0 then return 'category:' .. c end
end
local n, m = tonumber(ARGV[9]), tonumber(ARGV[10])
for i = 1, n do
  local key, symbol = KEYS[4 + i], ARGV[10 + i]
  if symbols[symbol] then
    redis.call('SADD', key, id)
    redis.call('SADD', registry, symbol)
  else
    redis.call('SREM', key, id)
    if redis.call('SCARD', key) == 0 then redis.call('SREM', registry, symbol) end
  end
end
for i = 1, m do
  local key, category = KEYS[4 + n + i], ARGV[10 + n + i]
  if categories[category] then redis.call('SADD', key, id) else redis.call('SREM', key, id) end
end
redis.call('HSET', note, 'title', ARGV[4], 'body', ARGV[5], 'timestamp', ARGV[3], 'symbols', ARGV[7],
  'categories', ARGV[8], 'text', ARGV[11 + n + m])
redis.call('ZADD', notes, ARGV[3], id)
return 'ok'
`;

/**
 * Delete a note. KEYS: note hash, notes zset, symbol registry, then its symbol sets, then its
 * category sets. ARGV: note id, the stored timestamp read, the symbol count, then the symbols.
 * Answers 'ok', 'missing' or 'stale'.
 */
export const DELETE_NOTE = `
local note, notes, registry = KEYS[1], KEYS[2], KEYS[3]
local id = ARGV[1]
local stored = redis.call('HGET', note, 'timestamp')
if (stored or '') ~= ARGV[2] then return 'stale' end
if not stored then return 'missing' end
local n = tonumber(ARGV[3])
for i = 4, #KEYS do
  redis.call('SREM', KEYS[i], id)
  if i < 4 + n and redis.call('SCARD', KEYS[i]) == 0 then redis.call('SREM', registry, ARGV[i]) end
end
redis.call('DEL', note)
redis.call('ZREM', notes, id)
return 'ok'
`;

/**
 * Create or rename a category (KEYS: categories hash; ARGV: id, name, limit), answering the whole
 * list as a flat [id, name, …] or 'limit'.
 */
export const PUT_CATEGORY = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then
  return 'limit'
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('HGETALL', KEYS[1])
`;

/**
 * Delete a category and take it off its notes. KEYS: categories hash, the category's set, then the
 * hash of each note read in it. ARGV: category id, then those notes' ids. Answers the remaining list
 * as a flat [id, name, …], or 'stale' when the category's notes changed since they were read.
 */
export const DELETE_CATEGORY = `
local cats, members, id = KEYS[1], KEYS[2], ARGV[1]
if redis.call('SCARD', members) ~= #KEYS - 2 then return 'stale' end
for i = 3, #KEYS do
  if redis.call('SISMEMBER', members, ARGV[i - 1]) == 0 then return 'stale' end
end
for i = 3, #KEYS do
  local kept = {}
  -- A note in the set always exists (a note's delete leaves its sets); never create a stray hash.
  if redis.call('EXISTS', KEYS[i]) == 0 then return 'stale' end
  for v in string.gmatch(redis.call('HGET', KEYS[i], 'categories') or '', '[^,]+') do
    if v ~= id then kept[#kept + 1] = v end
  end
  redis.call('HSET', KEYS[i], 'categories', table.concat(kept, ','))
end
redis.call('HDEL', cats, id)
redis.call('DEL', members)
return redis.call('HGETALL', cats)
`;
