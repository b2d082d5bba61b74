# FoodPilot in a container: the README's own commands (npm install against the
# committed lock, npm run build, npm start's entry), run as the unprivileged
# `node` user. See README, "Deploying".
#
#   docker build -t foodpilot .
#   docker run -p 8080:8080 -v foodpilot-data:/data foodpilot     # one process on SQLite
#   docker compose up --build                                     # with PostgreSQL and Redis (compose.yaml)

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary can be fetched (TOOLCHAIN.md).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci refuses this lock (other platforms' optional binaries are not in it): npm install keeps to it.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:8080/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# npm start's entry, without npm in between: SIGTERM reaches the server, which drains and closes (graceful shutdown).
CMD ["node", "--import", "tsx", "server/cli/start.ts"]
