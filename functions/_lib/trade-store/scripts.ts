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
 * Delete one trade. KEYS: trades zset, the trade's key, its symbol zset, the fingerprints hash.
 * ARGV: trade id, the stored JSON read, its fingerprint ('' for a typed trade). Answers 'ok',
 * 'missing' or 'stale'. A deleted imported execution may be imported again.
 */
export const DELETE_TRADE = `
local stored = redis.call('GET', KEYS[2])
if not stored then return 'missing' end
if stored ~= ARGV[2] then return 'stale' end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if ARGV[3] ~= '' then redis.call('HDEL', KEYS[4], ARGV[3]) end
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
