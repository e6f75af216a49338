#!/bin/sh
# loopwright app | worker | migrate | seed | backup [PATH] [--keep N] | backup-daily | restore FILE [--force]
set -e
case "${1:-app}" in
  # telemetry.js starts OpenTelemetry first when OTEL_EXPORTER_OTLP_ENDPOINT is set (else it does nothing).
  app) exec node --import ./api/dist/telemetry.js api/dist/main.js ;;
  worker) exec node --import ./api/dist/telemetry.js api/dist/worker.js ;;
  migrate) exec node api/dist/scripts/migrate.js ;;
  seed) exec node api/dist/scripts/seed.js ;;
  backup) shift; exec node api/dist/scripts/backup.js "$@" ;;
  restore) shift; exec node api/dist/scripts/restore.js "$@" ;;
  # The compose `backup` service: one backup now and then every BACKUP_INTERVAL_SECONDS (a day),
  # keeping the newest BACKUP_KEEP (7) in BACKUP_DIR (/backups).
  backup-daily)
    while true; do
      node api/dist/scripts/backup.js "${BACKUP_DIR:-/backups}" --keep "${BACKUP_KEEP:-7}" || echo "backup failed; next try in ${BACKUP_INTERVAL_SECONDS:-86400} s" >&2
      sleep "${BACKUP_INTERVAL_SECONDS:-86400}"
    done ;;
  *) exec "$@" ;;
esac
