/**
 * nginx's configuration for the production shape on loopback: one worker, round-robin over the API
 * replicas with no stickiness (any replica may serve any request: the state is in PostgreSQL), all
 * paths inside `dir` so it runs as a plain foreground process beside the system's own nginx. A
 * replica that refuses the connection is skipped for the request (nginx's default `proxy_next_upstream
 * error timeout`, which never resends a request that reached a replica) and rested for 1 s.
 * `x-api-upstream` names the replica that answered, so tests can see the round-robin happen.
 */
export function nginxConfig({
  dir,
  host,
  port,
  replicaPorts,
}: {
  dir: string
  host: string
  port: number
  replicaPorts: readonly number[]
}): string {
  const servers = replicaPorts.map((p) => `    server ${host}:${p} max_fails=1 fail_timeout=1s;`).join('\n')
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api_replicas {
${servers}
  }
  server {
    listen ${host}:${port};
    # The RPC proxy takes batches of up to 1 MiB (createServer's limit).
    client_max_body_size 1m;
    location / {
      proxy_pass http://api_replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      add_header x-api-upstream $upstream_addr always;
    }
  }
}
`
}
