# syntax=docker/dockerfile:1
#
# Callboard production image (see docs/decisions/004-docker-and-deployment.md).
#
#   docker build -t callboard .
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e SESSION_SECRET=… callboard
#
# DATABASE_URL must be set in production: without it the server falls back to
# the embedded PostgreSQL inside the container, which is meant for local runs
# and loses its data with the container. docker-compose.yml wires up both.

# Every stage uses the same Debian and Node as the runtime, so native packages
# (@node-rs/argon2, embedded-postgres) installed here run there.
FROM node:22-bookworm-slim AS base
WORKDIR /app
# The lockfile and the package.json "allowScripts" approvals are npm 11's: npm 10
# (bundled with Node 22) ignores the approvals and would run every install
# script, including @prisma/engines', which downloads engines from Prisma's CDN.
RUN npm install --global npm@11.19.1 && npm --version

# ── all dependencies, for the build ───────────────────────────────────────────
FROM base AS deps
# `postinstall` applies patches/ and generates the Prisma client (offline), so it needs both.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma/schema.prisma ./prisma/schema.prisma
COPY scripts/postinstall.mjs scripts/prisma-generate.mjs ./scripts/
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# ── build: build/client, build/server (Remix) and server-build/ (Express) ─────
FROM deps AS build
COPY . .
RUN npm run build

# ── production dependencies only ──────────────────────────────────────────────
FROM base AS prod-deps
# `npm ci --omit=dev` still installs the prisma CLI (it is an optional peer of
# @prisma/client), so the postinstall runs `prisma generate` here too and needs
# the same files as above. Its output is not copied: the client is bundled. The patches matter
# here: the runtime uses these node_modules.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma/schema.prisma ./prisma/schema.prisma
COPY scripts/postinstall.mjs scripts/prisma-generate.mjs ./scripts/
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# ── runtime ───────────────────────────────────────────────────────────────────
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app

# The only writable place (uploads, the outbox, the embedded database). Created
# here and owned by the app user, so that a named volume mounted on it or on
# uploads/ starts with that owner. No VOLUME line: compose names its volumes.
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data

# Code stays owned by root: the app user can read it but not change it.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
# Migrations are applied at start-up by the offline runner (no Prisma CLI).
COPY prisma ./prisma
COPY --from=build /app/build ./build
COPY --from=build /app/server-build ./server-build
# Child processes the server forks by path (the PDF reader): plain JavaScript, run as they are.
COPY server/workers ./server/workers

# The `node` user of the official image, by number so that Kubernetes'
# runAsNonRoot can verify it.
USER 1000:1000

EXPOSE 3000

# Slim images have no curl; Node's fetch does the job. /readyz also checks the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]

CMD ["node", "--enable-source-maps", "server-build/index.js"]
