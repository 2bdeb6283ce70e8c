# Parlance in one image: the API, the web app, the workers and the speech engine with its models.
#   podman build -t parlance .        (or docker build; add --secret id=extra_ca,src=<bundle> to
#                                      trust a proxy's CA for npm and pip while building)
#   run:  (no command)  the API with embedded workers, as `npm start` does
#         api           the API only (EMBEDDED_WORKERS=false: workers run elsewhere)
#         worker        a worker only (health, readiness and /metrics on WORKER_HTTP_PORT)
#         bucket        create S3_BUCKET in a new object store, then exit
# For NVIDIA GPUs: --build-arg GPU=true adds CUDA 12's cuBLAS and cuDNN 9 from PyPI to the engine;
# run with the GPU passed in (docker run --gpus all, podman --device nvidia.com/gpu=all) and the
# engine takes it (PARLANCE_DEVICE=auto), in float16.

FROM docker.io/library/node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The engine first (its Python packages and models change least), then npm's packages, then the
# sources: each layer is rebuilt only when what it was made from changes.
COPY packages/engine ./packages/engine
ARG GPU=false
RUN --mount=type=secret,id=extra_ca \
    if [ -f /run/secrets/extra_ca ]; then export PIP_CERT=/run/secrets/extra_ca; fi \
 && sh packages/engine/scripts/setup.sh \
 && if [ "$GPU" = true ]; then packages/engine/.venv/bin/pip install --no-cache-dir \
      nvidia-cublas-cu12==12.9.3.13 nvidia-cudnn-cu12==9.28.0.42; fi \
 && rm -rf packages/engine/.venv/lib/python3.11/site-packages/pip packages/engine/tests
COPY package.json package-lock.json ./
COPY packages/contract/package.json ./packages/contract/
COPY packages/ui/package.json ./packages/ui/
COPY packages/app/package.json ./packages/app/
COPY packages/server/package.json ./packages/server/
COPY mocks/package.json ./mocks/
# Lifecycle scripts would set up the engine again and the fuzzing tools.
RUN --mount=type=secret,id=extra_ca \
    if [ -f /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi \
 && npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY mocks ./mocks
COPY packages/contract ./packages/contract
COPY packages/ui ./packages/ui
COPY packages/app ./packages/app
COPY packages/server ./packages/server
RUN npm run build && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM docker.io/library/node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 tini \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract/package.json ./packages/contract/
COPY --from=build /app/packages/contract/dist ./packages/contract/dist
COPY --from=build /app/packages/server/package.json ./packages/server/
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/server/node_modules ./packages/server/node_modules
COPY --from=build /app/packages/server/drizzle ./packages/server/drizzle
COPY --from=build /app/packages/app/dist ./packages/app/dist
COPY --from=build /app/packages/engine ./packages/engine
COPY deploy/entrypoint.sh /usr/local/bin/parlance
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# Where a GPU build keeps CUDA's libraries (absent, and unused, otherwise).
ENV LD_LIBRARY_PATH=/app/packages/engine/.venv/lib/python3.11/site-packages/nvidia/cublas/lib:/app/packages/engine/.venv/lib/python3.11/site-packages/nvidia/cudnn/lib
# The image's `node` user, by number (Kubernetes' runAsNonRoot checks a numeric user).
USER 1000:1000
EXPOSE 3000
VOLUME /data
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["tini", "--", "parlance"]
CMD ["all"]
