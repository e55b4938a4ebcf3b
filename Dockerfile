# The worker and the API share one image; the compose file picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY tsconfig.json ./
COPY domain ./domain
COPY adapters ./adapters
COPY activities ./activities
COPY workflows ./workflows
COPY worker ./worker
COPY api ./api
COPY migrations ./migrations
USER node
CMD ["npx", "tsx", "api/main.ts"]
