#!/usr/bin/env bash
# The server tests on PostgreSQL: a throwaway cluster in a temporary directory (scripts/throwaway-postgres.sh),
# TEST_DATABASE_URL pointing at it (server/test/testDb.ts), then scripts/test-server.mjs (all files, or the ones given); the cluster is removed after.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d /tmp/courtside-pg-XXXXXX)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cleanup() {
  bash scripts/throwaway-postgres.sh stop "$dir"
  rm -rf "$dir"
}
trap cleanup EXIT
url=$(bash scripts/throwaway-postgres.sh start "$dir" "$port") || { cat "$dir"/*.log 2>/dev/null; exit 1; }
echo "PostgreSQL $(psql "$url" -Atc 'SHOW server_version' 2>/dev/null) at 127.0.0.1:$port"
TEST_DATABASE_URL=$url node scripts/test-server.mjs "$@"
