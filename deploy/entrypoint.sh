#!/bin/sh
# The image's command: `all` (default) runs the API with embedded workers, `api` the API alone,
# `worker` a queue worker alone, `bucket` creates S3_BUCKET in a new object store and exits.
# Anything else runs as given (a shell, say). Each process applies
# pending database migrations at start, under a lock, so replicas may start together.
set -eu
cd /app/packages/server
case "${1:-all}" in
  all) exec node dist/main.js ;;
  api) EMBEDDED_WORKERS=false exec node dist/main.js ;;
  # A container's worker answers /api/health, /api/ready and /metrics on the image's port.
  worker) WORKER_HTTP_PORT="${WORKER_HTTP_PORT:-${PORT:-3000}}" exec node dist/worker.js ;;
  bucket) exec node dist/createBucket.js ;;
  *) exec "$@" ;;
esac
