#!/usr/bin/env bash
# A local stand-in for the official nginx image, for machines where no container registry answers
# (as ../shared/tools/docker-standins.sh does for node:24-slim and postgres:16): Debian bookworm's
# nginx on the minbase root file system that script leaves in $WORK/rootfs, tagged nginx:1.27.
# Like the official image it runs `nginx -g 'daemon off;'`, reads /etc/nginx/conf.d/*.conf, logs to
# the container's output and stops on SIGQUIT. Elsewhere `docker compose up` pulls the real image.
# Usage (root, engine running): DOCKER_HOST=… bash scripts/docker/nginx-standin.sh   (FORCE=1 rebuilds)
set -euo pipefail
WORK=${WORK:-/tmp/dk}
TAG=${TAG:-nginx:1.27}
if [ "${FORCE:-0}" != 1 ] && docker image inspect "$TAG" >/dev/null 2>&1; then echo "$TAG exists"; exit 0; fi
[ -d "$WORK/rootfs/usr" ] || { echo "no $WORK/rootfs: run ../shared/tools/docker-standins.sh first" >&2; exit 1; }
tar --numeric-owner -C "$WORK/rootfs" --exclude=./.standin-base-done -c . |
  docker import -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - opsdesk-standin/debian:bookworm
B=$(mktemp -d)
cat > "$B/Dockerfile" <<'DOCKERFILE'
FROM opsdesk-standin/debian:bookworm
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
DOCKERFILE
docker build -q -t "$TAG" "$B"
rm -rf "$B"
docker run --rm "$TAG" nginx -v
