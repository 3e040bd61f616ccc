# One image for the engine and the workers of the scaled stack (docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Large allocations get pages of their own, given back when freed (scripts/engine-env.mjs).
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=262144
COPY --from=build /app /app
EXPOSE 5000
CMD ["node", "engine/dist/main.js"]
