#!/usr/bin/env bash
# Prints the bin folder of a Node.js of major version <major> (22, 24…), for `PATH="$(scripts/ci-node.sh 24):$PATH"`.
# The machine's own node when it is that major and at least felicity's minimum; otherwise Node's
# official build from the npm registry (the package node-<os>-<arch>: a binary, nothing to compile),
# installed once into a cache folder outside the repository (~/.cache/felicity-node/<major>, or
# FELICITY_NODE_CACHE/<major>) and reused after. npm itself is the machine's, run by that Node.
set -euo pipefail
major=${1:?usage: scripts/ci-node.sh <major>}
case $major in '' | *[!0-9]*) echo "ci-node: <major> is a number such as 24, got '$major'" >&2; exit 2 ;; esac

# felicity's minimum is 22.16 (package.json engines): the first 22.x whose node:sqlite has all the store uses.
if command -v node >/dev/null && node -e '
  const [want] = process.argv.slice(1); const [a, b] = process.versions.node.split(".").map(Number);
  process.exit(String(a) === want && (a > 22 || b >= 16) ? 0 : 1)' "$major"; then
  dirname "$(command -v node)"
  exit 0
fi

case $(uname -s) in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "ci-node: no npm build of Node for $(uname -s); install Node $major yourself" >&2; exit 1 ;; esac
case $(uname -m) in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "ci-node: no npm build of Node for $(uname -m); install Node $major yourself" >&2; exit 1 ;; esac
package=node-$os-$arch
dir=${FELICITY_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/felicity-node}/$major
bin=$dir/node_modules/$package/bin
yourself="install Node $major yourself (nodejs.org, nvm, your package manager) and put it first on PATH"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$dir"
  # Output to stderr: stdout is the folder only. (Not every platform has every major: darwin-arm64 stops at 18.)
  npm install --prefix "$dir" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund "$package@$major" >&2 ||
    { echo "ci-node: the npm registry has no $package@$major; $yourself" >&2; exit 1; }
fi
"$bin/node" -e 'process.exit(0)' || { echo "ci-node: $bin/node does not run on this machine" >&2; exit 1; }
echo "$bin"
