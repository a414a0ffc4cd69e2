-- Compare-and-set commit of one game (all keys share the game's hash tag).
-- KEYS: state (hash rev/meta/blob), events (stream), requests (hash request key -> answer)
-- ARGV: expected revision (0 = create), meta, blob, ttl seconds (0 = keep forever),
--       request key ('' = none), answer, then (version, event json) pairs.
-- Returns {'ok', rev, id...}, {'dup', answer} or {'conflict', current rev}.
local request_key = ARGV[5]
if request_key ~= '' then
  local prior = redis.call('HGET', KEYS[3], request_key)
  if prior then
    return {'dup', prior}
  end
end
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '0')
if rev ~= tonumber(ARGV[1]) then
  return {'conflict', tostring(rev)}
end
rev = rev + 1
redis.call('HSET', KEYS[1], 'rev', rev, 'meta', ARGV[2], 'blob', ARGV[3])
local reply = {'ok', tostring(rev)}
for i = 7, #ARGV, 2 do
  reply[#reply + 1] = redis.call('XADD', KEYS[2], '*', 'v', ARGV[i], 'e', ARGV[i + 1])
end
if request_key ~= '' then
  -- the answer is kept as "<event id>,<event id>...\n<body>" (see base.Answer)
  local ids = {}
  for i = 3, #reply do
    ids[#ids + 1] = reply[i]
  end
  redis.call('HSET', KEYS[3], request_key, table.concat(ids, ',') .. '\n' .. ARGV[6])
end
local ttl = tonumber(ARGV[4])
for i = 1, 3 do
  if ttl > 0 then
    redis.call('EXPIRE', KEYS[i], ttl)
  else
    redis.call('PERSIST', KEYS[i])
  end
end
return reply
