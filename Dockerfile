# One image for every service; docker-compose.yml picks the command. The commands are the README's.
FROM node:24-bookworm-slim AS base
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/package.json
RUN npm ci
COPY . .

FROM base AS app
ENV NODE_ENV=production DIST_DIR=/srv/dist
