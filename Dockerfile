# The feed desk as a container: `docker build -t feeddesk .` (README, "Running as a service").
# Node 20 as the product requires; the install is the lockfile's, through the pinned pnpm.
FROM node:20-bookworm-slim

ENV PNPM_VERSION=10.34.9 \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/feeddesk \
    MALLOC_ARENA_MAX=2 \
    WEB_DIST=/app/web/dist

RUN npm install --global "pnpm@${PNPM_VERSION}" && npm cache clean --force

WORKDIR /app
# The manifests first, so a change of source does not redo the install.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# The lockfile's patched dependencies (patches/postgres@*.patch) are applied by the install.
COPY patches/ patches/
COPY proto/package.json proto/
COPY drizzle/package.json drizzle/
COPY server/package.json server/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY tests/package.json tests/
# Every package, dev ones too: the product runs its TypeScript through tsx (as npm start does),
# and the web app is built below.
RUN pnpm install --frozen-lockfile --prod=false && pnpm store prune

COPY . .
RUN pnpm --filter @feeddesk/web run build

# Runs as the image's unprivileged `node` user: the embedded PostgreSQL (when DATABASE_URL is not
# set) then runs as that user too, with its data in the DATA_DIR volume.
RUN mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"
USER node
VOLUME ["/var/lib/feeddesk"]
EXPOSE 8080

# /readyz: 200 once the database answers with every migration; the first start may initialise
# the embedded PostgreSQL or load the demo schedule, hence the start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node itself, not npm: the SIGTERM of `docker stop` reaches the product, which closes its
# connections and stops the embedded PostgreSQL cleanly (npm start would also rebuild the web app).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "gateway/src/main-product.ts"]
