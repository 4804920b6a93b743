# Rooster, one dashboard instance. Not built or run by the tests: there is no container runtime on
# the machines this project is developed and tested on. `compose.yaml` runs two behind one Redis.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN node scripts/lib/build.mjs

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 STATE_DIR=/data/state
# Behind nginx (or another reverse proxy) name it, so its X-Forwarded-For names the client:
#   docker run -e TRUSTED_PROXIES=172.17.0.1 …   (the proxy's address or network, comma-separated)
# with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;` in nginx. Empty: the socket's
# address is the client's and X-Forwarded-For is ignored.
ENV TRUSTED_PROXIES=
# The standalone server with the files it needs traced beside it, and the browser assets.
COPY --from=build /app/.next/standalone ./
RUN mkdir -p /data/state && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "server.js"]
