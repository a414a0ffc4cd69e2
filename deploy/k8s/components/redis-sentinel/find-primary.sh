# Prints the host name of the Redis primary: what the first Sentinel that
# answers names, else pod 0 (before any Sentinel knows, at the first start).
# Needs REDISCLI_AUTH, the servers' password, which the Sentinels ask for.
for i in 0 1 2; do
  primary="$(timeout 3 redis-cli -h "zythos-redis-sentinel-$i.zythos-redis-sentinel" -p 26379 \
    sentinel get-master-addr-by-name zythos 2>/dev/null | head -n 1)" || true
  if [ -n "$primary" ]; then
    echo "$primary"
    exit 0
  fi
done
echo "zythos-redis-0.zythos-redis-headless"
