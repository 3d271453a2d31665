# `npm start` and `npm test` begin with `tsc -b`; after the build and the tests it must find every
# project up to date, so the README's commands never rebuild what is built.
out="$(npx tsc -b --dry)"
if grep -q 'A non-dry build would' <<< "$out"; then
  grep 'A non-dry build would' <<< "$out"
  echo 'tsc -b would rebuild after the build step: something changes sources or outputs between steps.'
  exit 1
fi
echo "tsc -b: $(grep -c 'is up to date' <<< "$out") projects up to date"
