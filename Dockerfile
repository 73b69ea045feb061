# 宝图 server + built web app. Multi-stage: build with dev dependencies, run with production ones.
# docker build -t gemstock . ; see compose.yaml and docs/operations.md § Deployment.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @gemstock/server --include-workspace-root

FROM node:22-bookworm-slim AS runtime
# ffmpeg for video renditions; CJK fonts for watermarks and certificates; curl for HEALTHCHECK.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-wqy-microhei curl ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/web/dist-ssr ./apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Readiness: database, migrations, storage, not draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORT}/readyz" >/dev/null || exit 1
# node runs as PID 1 and handles SIGTERM itself (drain, deadline; see SHUTDOWN_* variables).
CMD ["node", "apps/server/dist/main.js"]
