# caas in a container: the same two commands as on a laptop (docs/operations.md, "Docker").
# Untested here: the machine this was written on has no Docker engine.
FROM node:20-bookworm-slim
WORKDIR /opt/caas
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ENV HOST=0.0.0.0 PORT=8080 CAAS_DATA_DIR=/data
VOLUME /data
EXPOSE 8080
# npm is PID 1: it forwards SIGTERM (docker stop) to node, which drains and stops PostgreSQL.
STOPSIGNAL SIGTERM
CMD ["npm", "start"]
