# syntax=docker/dockerfile:1
# Tickwork's server image: the Next standalone server (scripts/standalone.ts) on Node 20, as the `node` user.
# One image for every role; the environment chooses it (docs/deploy.md): an API instance sets
# TICKWORK_EMBEDDED_WORKER=off, a worker instance serves no public traffic, the Inngest variant sets
# INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY.
#
#   docker build -t tickwork .                            # the isolate runner only
#   docker build --build-arg WITH_RUNSC=true -t tickwork .   # also gVisor's runsc (TICKWORK_GVISOR_RUNNER)
#
# CI cannot build images (no container daemon): test/deploy/standalone.test.ts assembles the same folder and
# starts it with the same command and environment.

FROM node:20-bookworm-slim AS build
WORKDIR /src
# isolated-vm builds from source when no prebuilt binary fits
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npx next build && npx tsx scripts/standalone.ts /app

FROM node:20-bookworm-slim
ARG WITH_RUNSC=false
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates tini \
  && if [ "$WITH_RUNSC" = true ]; then apt-get install -y --no-install-recommends runsc; fi \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    TICKWORK_DATA_DIR=/data
EXPOSE 3000
# tini passes SIGTERM to the server, which drains its jobs before it exits (TICKWORK_SHUTDOWN_GRACE_MS)
ENTRYPOINT ["/usr/bin/tini", "--", "/app/entrypoint.sh"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
