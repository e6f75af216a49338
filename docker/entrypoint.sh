#!/bin/sh
# loopwright app | worker | migrate | seed
set -e
case "${1:-app}" in
  app) exec node api/dist/main.js ;;
  worker) exec node api/dist/worker.js ;;
  migrate) exec node api/dist/scripts/migrate.js ;;
  seed) exec node api/dist/scripts/seed.js ;;
  *) exec "$@" ;;
esac
