# syntax=docker/dockerfile:1
# Courtside: the app and its API in one image (docs/deploy.md).
#   docker build -t courtside .
#   docker run -p 3000:3000 -v courtside-data:/data -e PUBLIC_ORIGIN=http://localhost:3000 courtside

# Build: every package (webpack, TypeScript, the tests' tools), the production build, then only what runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev \
  # The distribution's ffmpeg is used instead (FFMPEG_PATH below): no second copy in the image.
  && rm -rf node_modules/@ffmpeg-installer node_modules/@ffprobe-installer

# Run: Node, the distribution's ffmpeg, the server's sources (run by tsx), the built app. Not root.
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data \
  DEMO_DATA=0 \
  FFMPEG_PATH=/usr/bin/ffmpeg \
  FFPROBE_PATH=/usr/bin/ffprobe
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The server imports a few shared modules from src/ (the product name, durations, venue times).
COPY --from=build /app/src ./src
COPY --from=build /app/server ./server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# tini forwards SIGTERM to Node, whose graceful shutdown lets requests in flight finish.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "server/index.ts"]
