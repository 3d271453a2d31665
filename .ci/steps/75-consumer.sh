# The consumer test (scripts/consumer-test.js) on every tested Node: the packed tarballs installed
# into fresh CommonJS and ES module projects outside the repository, compiled, validated, called
# and served. One packing; the three Nodes run side by side (mostly npm install, so waiting on the
# registry rather than on the 2 cores), each with its own log, shown in order.
majors=(22 24 26)
mapfile -t bins < <(scripts/install-node.sh "${majors[@]}" 2>/dev/null)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node scripts/consumer-test.js --pack-to "$work/tarballs"
pids=()
for index in "${!majors[@]}"; do
  PATH="${bins[$index]}:$PATH" node scripts/consumer-test.js --tarballs "$work/tarballs" \
    > "$work/node-${majors[$index]}.log" 2>&1 &
  pids+=($!)
done
failed=0
for index in "${!majors[@]}"; do
  status=0
  wait "${pids[$index]}" || status=$?
  echo "-- Node ${majors[$index]} (exit $status)"
  cat "$work/node-${majors[$index]}.log"
  [ "$status" -eq 0 ] || failed=$((failed + 1))
done
echo "consumer: $((${#majors[@]} - failed)) passed, $failed failed (Node ${majors[*]})"
[ "$failed" -eq 0 ]
