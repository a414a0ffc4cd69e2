-- Compare-and-set commit of one game (all keys share the game's hash tag).
-- KEYS: state (hash rev/meta/blob/answers), events (stream), the live index of the game's type and
--       new status (sorted set: game id -> expiry in ms), then those of its other statuses
-- ARGV: expected revision (0 = create), meta, blob, ttl seconds (0 = keep forever),
--       '1' to replace the answers field with the next argument ('0' keeps it), answers,
--       the field and the value of the commit's events packed into one entry ('' = none,
--       see packing.pack_events: the field names the dictionary the value was packed with),
--       the game's status after the commit, the channel that announces its commits, the game id.
-- The events of a commit are one stream entry with the id '<new revision>-0'; the store
-- hands them out as '<new revision>-0', '<new revision>-1', ... (see base.event_ids), so
-- the caller knows the ids in advance and they increase with the revision.
-- Returns the new revision (> 0), or on a conflict -1 - the current revision (< 0): one integer
-- reply is one line to parse, where a two-element table took four reads in redis-py.
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '0')
if rev ~= tonumber(ARGV[1]) then
  return -1 - rev
end
rev = rev + 1
if ARGV[5] == '1' then
  redis.call('HSET', KEYS[1], 'rev', rev, 'meta', ARGV[2], 'blob', ARGV[3], 'answers', ARGV[6])
else
  redis.call('HSET', KEYS[1], 'rev', rev, 'meta', ARGV[2], 'blob', ARGV[3])
end
if ARGV[8] ~= '' then
  redis.call('XADD', KEYS[2], rev .. '-0', ARGV[7], ARGV[8])
end
local ttl = tonumber(ARGV[4])
for i = 1, 2 do
  if ttl > 0 then
    redis.call('EXPIRE', KEYS[i], ttl)
  else
    redis.call('PERSIST', KEYS[i])
  end
end
local expires = '+inf'
if ttl > 0 then
  local t = redis.call('TIME')
  expires = t[1] * 1000 + math.floor(t[2] / 1000) + ttl * 1000
end
redis.call('ZADD', KEYS[3], expires, ARGV[11])
for i = 4, #KEYS do
  redis.call('ZREM', KEYS[i], ARGV[11])
end
redis.call('PUBLISH', ARGV[10], rev .. ' ' .. ARGV[9])
return rev
