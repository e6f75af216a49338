#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded here. Exits 1 on purpose.
echo "native schema engine unavailable: use npm run db:migrate" >&2
exit 1
