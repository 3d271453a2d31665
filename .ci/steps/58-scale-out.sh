# The deployment tests of @toolwright/redis (three `toolwright serve --redis` processes behind nginx,
# kill -9 included) on real Redis and nginx, with no skips. Debian's packages are installed when
# missing; the tests start their own servers on free loopback ports and stop them. A system
# service the packages start on install is stopped again: nothing here needs one.
need=()
command -v redis-server > /dev/null || need+=(redis-server)
command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
if [ "${#need[@]}" -gt 0 ]; then
  echo "installing ${need[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" > /dev/null
  for service in "${need[@]}"; do
    service "$service" stop > /dev/null 2>&1 || true
  done
fi
node22="$(scripts/install-node.sh 22 2> /dev/null)"
PATH="$node22:$PATH" TOOLWRIGHT_REQUIRE_SERVICES=1 npx jest packages/redis
