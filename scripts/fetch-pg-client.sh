#!/usr/bin/env bash
# Puts PostgreSQL 18's pg_dump and pg_restore in DIR/bin without installing anything system-wide, for the
# embedded-PostgreSQL backup test on machines whose Debian has no PostgreSQL 18 client (bookworm, trixie).
# Debian unstable has it, but built for a newer C library than bookworm's, so the tools come with
# unstable's own libraries and loader, and DIR/bin holds small wrappers that start them with those.
# Usage: scripts/fetch-pg-client.sh DIR   (then PG_BIN_DIR=DIR/bin). Needs apt-get and deb.debian.org.
set -euo pipefail
dir=$(realpath -m "${1:?usage: fetch-pg-client.sh DIR}")
major=18
if [ -x "$dir/bin/pg_dump" ] && "$dir/bin/pg_dump" --version >/dev/null 2>&1; then exit 0; fi

apt_dir="$dir/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$dir/debs" "$dir/bin"
echo 'deb http://deb.debian.org/debian sid main' >"$apt_dir/sources.list"
apt_options=(
  -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o Dir::State::status=/dev/null
  -o APT::Sandbox::User=root -qq
)
apt-get "${apt_options[@]}" update
# The client and the libraries it loads, down to the C library (apt-cache depends --recurse, minus data
# and helper packages the two tools never load).
packages=(
  "postgresql-client-$major" libpq5 libc6 libgcc-s1 libssl3t64 libzstd1 liblz4-1 zlib1g libldap2 libsasl2-2
  libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2 libkeyutils1 libdb5.3t64 libxxhash0
)
(cd "$dir/debs" && apt-get "${apt_options[@]}" download "${packages[@]}")
rm -rf "$dir/root"
for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done

libs="$dir/root/usr/lib/x86_64-linux-gnu"
for tool in pg_dump pg_restore; do
  cat >"$dir/bin/$tool" <<EOF
#!/bin/sh
exec "$libs/ld-linux-x86-64.so.2" --library-path "$libs" "$dir/root/usr/lib/postgresql/$major/bin/$tool" "\$@"
EOF
  chmod +x "$dir/bin/$tool"
done
rm -rf "$dir/debs" "$apt_dir"
"$dir/bin/pg_dump" --version
