/**
 * Malformed HTTP and multipart that only a raw socket can send: broken request lines, headers and
 * framing, truncated and mis-chunked bodies, invalid UTF-8. `app` cases reach the mock and must get
 * a 4xx JSON error with a message; `http` cases are refused by Node's HTTP parser before the mock
 * sees them (4xx, any body); `success` cases are valid and must succeed.
 */

export interface RawCase {
  label: string;
  chunks: (string | Uint8Array)[];
  expect: 'app' | 'http' | 'success';
  /** Half-close after writing: how a body shorter than its Content-Length is cut off. */
  end?: boolean;
}

const AUTH = 'Authorization: Bearer mock-token\r\n';

function head(method: string, path: string, headers: string): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${AUTH}Connection: close\r\n${headers}\r\n`;
}

function form(
  boundary: string,
  content: string | Uint8Array,
  filename: string | Uint8Array = 'a.mp4',
): Uint8Array {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
    Buffer.from(filename),
    Buffer.from('"\r\nContent-Type: video/mp4\r\n\r\n'),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * The raw cases for a target whose video `key` exists.
 *
 * @example
 * for (const c of rawCases('v-0001')) await rawRequest(port, c.chunks);
 */
export function rawCases(key: string): RawCase[] {
  const upload = `/api/upload/v1/form-data/videos/${key}`;
  const multipart = (boundary: string, length: number) =>
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n`;
  const good = form('b0', 'x'.repeat(100));
  const invalidName = form('b1', 'data', Uint8Array.from([0xff, 0xfe, 0x2e, 0x6d, 0x70, 0x34]));
  const json = (body: string | Uint8Array, extra = '') => [
    head(
      'POST',
      '/api/v1/videos',
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}`,
    ),
    body,
  ];
  return [
    { label: 'garbage request line', chunks: ['HELLO\r\n\r\n'], expect: 'http' },
    { label: 'unknown HTTP version', chunks: ['GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n'], expect: 'http' },
    {
      label: 'header without a colon',
      chunks: [head('GET', `/api/v1/videos/${key}`, 'NoColonHere\r\n')],
      expect: 'http',
    },
    {
      label: 'NUL in the path',
      chunks: [`GET /api/v1/videos/a\u0000b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`],
      expect: 'http',
    },
    {
      label: 'header of 64 KiB',
      chunks: [head('GET', `/api/v1/videos/${key}`, `X-Big: ${'a'.repeat(65_536)}\r\n`)],
      expect: 'http',
    },
    {
      label: 'Content-Length and Transfer-Encoding together',
      chunks: [
        head(
          'POST',
          '/api/v1/videos',
          'Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n',
        ),
        '2\r\n{}\r\n0\r\n\r\n',
      ],
      expect: 'http',
    },
    {
      label: 'two Content-Length headers that differ',
      chunks: [
        head(
          'POST',
          '/api/v1/videos',
          'Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n',
        ),
        '{}',
      ],
      expect: 'http',
    },
    {
      label: 'JSON with invalid UTF-8',
      chunks: json(Uint8Array.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0xff, 0x7d])),
      expect: 'app',
    },
    {
      label: 'JSON shorter than its Content-Length',
      chunks: [
        head('POST', '/api/v1/videos', 'Content-Type: application/json\r\nContent-Length: 500\r\n'),
        '{"projectKey":"p"',
      ],
      expect: 'http',
      end: true,
    },
    {
      label: 'chunked JSON with a bad chunk size',
      chunks: [
        head('POST', '/api/v1/videos', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n'),
        '5\r\n{"pro\r\nzz\r\nx\r\n0\r\n\r\n',
      ],
      expect: 'http',
    },
    {
      label: 'valid upload',
      chunks: [head('POST', upload, multipart('b0', good.length)), good],
      expect: 'success',
    },
    {
      label: 'upload with Expect: 100-continue',
      chunks: [head('POST', upload, `${multipart('b0', good.length)}Expect: 100-continue\r\n`), good],
      expect: 'success',
    },
    {
      label: 'upload filename with invalid UTF-8',
      chunks: [head('POST', upload, multipart('b1', invalidName.length)), invalidName],
      expect: 'success',
    },
    {
      label: 'upload shorter than its Content-Length',
      chunks: [head('POST', upload, multipart('b0', good.length + 1000)), good.subarray(0, 60)],
      expect: 'http',
      end: true,
    },
    {
      label: 'upload cut inside the file part',
      chunks: [head('POST', upload, multipart('b0', 80)), good.subarray(0, 80)],
      expect: 'app',
    },
    {
      label: 'upload with the wrong boundary',
      chunks: [head('POST', upload, multipart('other', good.length)), good],
      expect: 'app',
    },
    {
      label: 'chunked upload with a bad chunk size',
      chunks: [
        head(
          'POST',
          upload,
          'Content-Type: multipart/form-data; boundary=b0\r\nTransfer-Encoding: chunked\r\n',
        ),
        `20\r\n${Buffer.from(good.subarray(0, 32)).toString('latin1')}\r\nnothex\r\n`,
      ],
      expect: 'http',
    },
    {
      label: 'upload with a part header over 80 KiB',
      chunks: (() => {
        const body = Buffer.from(
          `--b2\r\nContent-Disposition: form-data; name="file"; filename="${'n'.repeat(90_000)}"\r\n\r\ndata\r\n--b2--\r\n`,
        );
        return [head('POST', upload, multipart('b2', body.length)), body];
      })(),
      expect: 'app',
    },
    {
      label: 'two pipelined requests',
      chunks: [
        `GET /api/v1/videos/${key} HTTP/1.1\r\nHost: 127.0.0.1\r\n${AUTH}\r\nGET /api/v1/videos/${key} HTTP/1.1\r\nHost: 127.0.0.1\r\n${AUTH}Connection: close\r\n\r\n`,
      ],
      expect: 'success',
    },
    {
      label: 'absolute-form request target',
      chunks: [head('GET', `http://elsewhere.test/api/v1/videos/${key}`, '')],
      expect: 'success',
    },
  ];
}
