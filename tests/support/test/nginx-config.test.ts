/** nginxConfig: the directives a load balancer in front of mock instances needs, everything inside its prefix. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../src/nginx-config.js';

const base = { prefix: '/tmp/lb', port: 8080, upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'] };

describe('nginxConfig', () => {
  it('streams bodies both ways, keeps connections to the upstreams and names the one that answered', () => {
    const text = nginxConfig(base);
    for (const directive of [
      'listen 127.0.0.1:8080;',
      'client_max_body_size 0;',
      'proxy_request_buffering off;',
      'proxy_buffering off;',
      'proxy_http_version 1.1;',
      'proxy_set_header Connection "";',
      'keepalive 32;',
      'proxy_read_timeout 3600s;',
      'proxy_set_header Host $http_host;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'add_header X-Upstream $upstream_addr always;',
      'server 127.0.0.1:4001;\n    server 127.0.0.1:4002;',
    ]) {
      expect(text).toContain(directive);
    }
    expect(text).not.toContain('user ');
  });

  it('writes its pid, logs and every temp folder inside the prefix', () => {
    const paths = [...nginxConfig(base).matchAll(/^\s*(\w+) (\/[^\s;]+)/gm)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(paths.map(([name]) => name).sort()).toEqual([
      'access_log',
      'client_body_temp_path',
      'error_log',
      'fastcgi_temp_path',
      'pid',
      'proxy_temp_path',
      'scgi_temp_path',
      'uwsgi_temp_path',
    ]);
    for (const [, path] of paths) expect(path?.startsWith('/tmp/lb/')).toBe(true);
  });

  it('adds the user for a root master, and extra location directives', () => {
    const text = nginxConfig({ ...base, user: 'nobody nogroup', location: ['proxy_next_upstream off;'] });
    expect(text.startsWith('user nobody nogroup;\n')).toBe(true);
    expect(text).toContain('      proxy_next_upstream off;\n    }');
  });

  it('refuses no upstream, and an upstream that is not host:port', () => {
    expect(() => nginxConfig({ ...base, upstreams: [] })).toThrow(/at least one upstream/);
    expect(() => nginxConfig({ ...base, upstreams: ['http://127.0.0.1:4001'] })).toThrow(/is not host:port/);
    expect(() => nginxConfig({ ...base, upstreams: ['127.0.0.1:4001; evil'] })).toThrow(/is not host:port/);
  });

  it('lists every upstream once, in order', () => {
    const upstream = fc
      .tuple(fc.ipV4(), fc.integer({ min: 1, max: 65535 }))
      .map(([ip, port]) => `${ip}:${port}`);
    fc.assert(
      fc.property(fc.array(upstream, { minLength: 1, maxLength: 8 }), (upstreams) => {
        const servers = [...nginxConfig({ ...base, upstreams }).matchAll(/^ {4}server (\S+);$/gm)].map(
          (m) => m[1],
        );
        expect(servers).toEqual(upstreams);
      }),
    );
  });
});
