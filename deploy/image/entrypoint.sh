#!/bin/sh
# The image's entrypoint (deploy/image/Dockerfile), run from the assembled server folder (scripts/standalone.ts).
#   entrypoint.sh          apply the migrations (unless TICKWORK_MIGRATE=off), then serve
#   entrypoint.sh migrate  apply the migrations and exit (a release job that runs before new code serves)
#   entrypoint.sh rotate-master-key
#                          seal every stored envelope under TICKWORK_MASTER_KEY (docs/deploy.md) and exit
#   entrypoint.sh rpc-gateway
#                          serve only the RPC gateway (docs/gateway.md) on TICKWORK_RPC_HOST:TICKWORK_RPC_PORT
set -eu
cd "$(dirname "$0")"
case "${TICKWORK_MIGRATE:-on}" in
  on | off) ;;
  *) echo "TICKWORK_MIGRATE must be on or off" >&2; exit 64 ;;
esac
case "${1:-serve}" in
  migrate) exec node migrate.mjs ;;
  rotate-master-key) exec node rotate-master-key.mjs ;;
  rpc-gateway) exec node rpc-gateway.mjs ;;
  serve) ;;
  *) echo "usage: entrypoint.sh [migrate | rotate-master-key | rpc-gateway]" >&2; exit 64 ;;
esac
if [ "${TICKWORK_MIGRATE:-on}" = on ]; then node migrate.mjs; fi
# the preload answers malformed requests in the API's error shape and records each peer address
exec node --require ./lib/api/server-preload.cjs server.js
