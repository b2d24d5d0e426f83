# Opsdesk production image. Build: docker build -t opsdesk .
# Run:   docker run -p 3000:3000 -e DATABASE_URL=postgresql://user:pass@host:5432/opsdesk opsdesk
# DATABASE_URL is required in the container (the embedded database is for local use).

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 SKIP_CLIENT_BUILD=1
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/client ./dist/client
COPY package.json ./
COPY src/server ./src/server
COPY src/shared ./src/shared
COPY migrations ./migrations
COPY seed ./seed
COPY scripts/start.ts scripts/db.ts ./scripts/
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["sh", "-c", "if [ -z \"$DATABASE_URL\" ]; then echo 'DATABASE_URL is required in the container' >&2; exit 1; fi; exec node scripts/start.ts"]
