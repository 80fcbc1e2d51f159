/**
 * The baseline of the console benchmark: a bare node:http server answering fixed files from memory
 * (the console page, its script and style as the mock served them, captured once), so the page's
 * first paint can be compared with the same bytes served by nothing at all. Run as its own
 * process; the files come as JSON in BARE_FILES (`{ "/path": { "type": …, "body": … } }`); prints
 * `listening on <url>`.
 */
import { listenHttp } from '@video-api/test-support';

const files = JSON.parse(process.env.BARE_FILES ?? '{}') as Record<string, { type: string; body: string }>;

const server = await listenHttp((request, response) => {
  const file = files[new URL(request.url ?? '/', 'http://x').pathname];
  if (!file) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' }).end(file.body);
});
process.stdout.write(`listening on ${server.url}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
