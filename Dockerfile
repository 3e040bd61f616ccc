# One image for the engines, the workers and the sandboxes of the scaled stack (docker-compose.yml).

# Dependencies from the lockfile alone, before any source: this layer is rebuilt only when the
# lockfile or a package.json changes, not on every change to the code.
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY sandboxes/package.json sandboxes/
COPY engine/package.json engine/
COPY workers/package.json workers/
COPY storefront/package.json storefront/
COPY cli/package.json cli/
RUN npm ci --no-audit --no-fund

FROM dependencies AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Large allocations get pages of their own, given back when freed (scripts/engine-env.mjs).
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=262144
# The code stays root's, read-only to the process; the embedded database and generated secrets,
# when used without DATABASE_URL, go to /data, the one place it may write.
COPY --from=build /app /app
RUN mkdir /data && chown node:node /data
ENV DATA_DIR=/data
USER node
EXPOSE 5000
# The engine's and the sandboxes' readiness (each on its PORT); compose turns it off for workers.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT ?? 5000}/readyz`).then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "engine/dist/main.js"]
