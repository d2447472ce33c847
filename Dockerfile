# syntax=docker/dockerfile:1
# The container (README "Deployment"): a thin wrapper around exactly what
# test/scale/standalone.test.ts runs: `npm ci && npm run build`, then the folder .next/standalone
# on its own, started with `node start.mjs` (migrations: `node cli/auth.mjs migrate`, or at start).

FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# npm ci applies the patches to dependencies (patch-package, decision record 010).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The final stage: Node and the standalone folder only (no sources, no npm install, no compiler).
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-old-space-size=512
WORKDIR /app
COPY --from=build --chown=node:node /src/.next/standalone ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/up`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "start.mjs"]
