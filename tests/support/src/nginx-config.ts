/**
 * The nginx configuration a load balancer in front of mock instances needs, as text: everything
 * (pid, logs, temp folders) inside one prefix folder, round-robin over the upstreams with keepalive,
 * bodies streamed both ways (uploads of any size, the SSE journal stream), Host and X-Forwarded-*
 * passed on, and `X-Upstream` naming the instance that answered.
 */

export interface NginxConfigOptions {
  /** Folder holding everything nginx writes. */
  prefix: string;
  /** Port on 127.0.0.1 to listen on. */
  port: number;
  /** `host:port` of each instance, in round-robin order. */
  upstreams: string[];
  /** Worker processes (default 1: the machine is shared). */
  workers?: number;
  /** `user` directive, for a master running as root (workers then switch to it). */
  user?: string;
  /** Extra directives inside `location /` (e.g. `proxy_next_upstream error timeout;`). */
  location?: string[];
}

/** How long a response may stay silent (an SSE stream between events, a long upload): 1 hour. */
const NGINX_READ_TIMEOUT = '3600s';

/**
 * The text of `nginx.conf` for `nginx -p PREFIX -c nginx.conf -g 'daemon off;'`.
 *
 * @example
 * writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ prefix: dir, port, upstreams: ['127.0.0.1:4001'] }));
 */
export function nginxConfig(options: NginxConfigOptions): string {
  const { prefix, port, upstreams } = options;
  if (upstreams.length === 0) throw new Error('nginxConfig: at least one upstream (host:port) is needed');
  for (const upstream of upstreams) {
    if (!/^[\w.-]+:\d+$|^\[[\d:a-f]+\]:\d+$/i.test(upstream)) {
      throw new Error(`nginxConfig: upstream ${JSON.stringify(upstream)} is not host:port`);
    }
  }
  const path = (name: string) => `${prefix}/${name}`;
  const lines = [
    ...(options.user ? [`user ${options.user};`] : []),
    `worker_processes ${options.workers ?? 1};`,
    `pid ${path('nginx.pid')};`,
    `error_log ${path('error.log')} notice;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${path('access.log')};`,
    `  client_body_temp_path ${path('client_body_temp')};`,
    `  proxy_temp_path ${path('proxy_temp')};`,
    `  fastcgi_temp_path ${path('fastcgi_temp')};`,
    `  uwsgi_temp_path ${path('uwsgi_temp')};`,
    `  scgi_temp_path ${path('scgi_temp')};`,
    '  upstream instances {',
    ...upstreams.map((upstream) => `    server ${upstream};`),
    '    keepalive 32;',
    '  }',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    client_max_body_size 0;',
    '    location / {',
    '      proxy_pass http://instances;',
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $http_host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '      proxy_set_header X-Forwarded-Host $http_host;',
    '      proxy_set_header X-Real-IP $remote_addr;',
    '      proxy_request_buffering off;',
    '      proxy_buffering off;',
    `      proxy_read_timeout ${NGINX_READ_TIMEOUT};`,
    `      proxy_send_timeout ${NGINX_READ_TIMEOUT};`,
    '      add_header X-Upstream $upstream_addr always;',
    ...(options.location ?? []).map((line) => `      ${line}`),
    '    }',
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}
