# The Limbic gateway (REST, WebSocket, GraphQL, dashboard) as a container: docs/deployment.md.
#   docker build -t limbic-gateway .
#   docker run -p 8787:8787 -v limbic-data:/data limbic-gateway
# NODE_VERSION: the Node.js major of both stages (they must match: better-sqlite3 is a native module).
ARG NODE_VERSION=20

# Build: install everything, compile the TypeScript packages to dist/ and the dashboard, then drop dev dependencies.
# The full image has python3, make and g++ for better-sqlite3 when no prebuilt binary fits.
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
COPY . .
# npm ci runs the root postinstall, which builds the dashboard.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund \
  && npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# Runtime: the compiled packages and production dependencies only, as the unprivileged `node` user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV HOST=0.0.0.0 \
  PORT=8787 \
  LIMBIC_DATA=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/core/package.json /app/core/NOTICE ./core/
COPY --from=build /app/core/dist ./core/dist
COPY --from=build /app/protocol/package.json ./protocol/
COPY --from=build /app/protocol/dist ./protocol/dist
COPY --from=build /app/store/package.json ./store/
COPY --from=build /app/store/dist ./store/dist
COPY --from=build /app/gateway/package.json ./gateway/
COPY --from=build /app/gateway/dist ./gateway/dist
COPY --from=build /app/dashboard/package.json ./dashboard/
COPY --from=build /app/dashboard/dist ./dashboard/dist
# The data volume (SQLite file, key store, key secret, admin token hash) belongs to the user the gateway runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
# Slim images have no curl: Node's fetch asks /v1/health, which answers 503 when the store is unreachable.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains in-flight turns and closes sockets with 1001 before the process exits.
CMD ["node", "gateway/dist/main.js"]
