/**
 * The framework-plus-driver limit on PostgreSQL: a bare Hono app on @hono/node-server with
 * postgres.js (the mock's driver and version, the same pool options) doing the mock's own queries
 * on the tables the mock migrated. GET video: the mock's SELECT (the record, and whether an upload is
 * in progress), the stored record answered as JSON.
 * PUT custom fields: the mock's transaction (BEGIN; SELECT … FOR UPDATE; UPDATE; COMMIT), the body's
 * simpleCustomFields merged into the record. No auth, validation, readings or journal. Run as its
 * own process with the database URL in BARE_DATABASE_URL (its application name in
 * BARE_APPLICATION_NAME); prints `listening on <url>`.
 */
import { settleRequestShapes } from '@video-api/mock-server/node';
import { serveApp } from '@video-api/test-support';
import { Hono } from 'hono';
import postgres, { type JSONValue } from 'postgres';
// The mock's own SQL of "an upload is in progress" (its reads add it as a column): the same query.
import { UPLOADING_NOW } from '../../../apps/mock-server/src/node/postgres/postgres-uploads.js';

type Record_ = { customFields: Record<string, unknown>; updatedAt: number } & Record<string, unknown>;
type Row = { record: Record_ };

const url = process.env.BARE_DATABASE_URL;
if (!url) throw new Error('BARE_DATABASE_URL is not set');
/** The name the bench finds this server's database backends by (pg_stat_activity). */
const application = process.env.BARE_APPLICATION_NAME ?? 'bench-bare-pg';
/** The default state of the mock (a sandbox would be its name). */
const state = '';
// The mock's pool: 10 connections, the same timeouts and connection settings.
const sql = postgres(url, {
  max: 10,
  connect_timeout: 5,
  idle_timeout: 60,
  onnotice: () => {},
  connection: { application_name: application, statement_timeout: 5000, lock_timeout: 5000 },
});
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const app = new Hono();
app.get('/api/v1/videos/:videoKey', async (c) => {
  const key = c.req.param('videoKey');
  const [row] = await sql<Row[]>`SELECT record, ${sql.unsafe(UPLOADING_NOW)} AS uploading
    FROM mock_videos v WHERE sandbox = ${state} AND key = ${key}`;
  return row ? c.json(row.record) : c.json({ title: 'Not found' }, 404);
});
app.put('/api/v1/videos/:videoKey/custom-fields', async (c) => {
  const key = c.req.param('videoKey');
  const body = (await c.req.json()) as unknown;
  if (!isObject(body) || !isObject(body.simpleCustomFields)) return c.json({ title: 'Bad body' }, 400);
  const fields = body.simpleCustomFields;
  const next = await sql.begin(async (tx) => {
    const [row] = await tx<Row[]>`
      SELECT record, ${tx.unsafe(UPLOADING_NOW)} AS uploading
      FROM mock_videos v WHERE sandbox = ${state} AND key = ${key} FOR UPDATE OF v`;
    if (!row) return undefined;
    const record = {
      ...row.record,
      customFields: { ...row.record.customFields, ...fields },
      updatedAt: Date.now(),
    };
    await tx`UPDATE mock_videos SET record = ${tx.json(record as unknown as JSONValue)}
      WHERE sandbox = ${state} AND key = ${key}`;
    return record;
  });
  return next ? c.json(next) : c.json({ title: 'Not found' }, 404);
});

// Settled as the mock's startServer settles its own, so neither side's layout is left to chance.
await settleRequestShapes();
await sql`SELECT 1`; // connected before the bench measures
const server = await serveApp(app);
process.stdout.write(`listening on ${server.url}\n`);
process.on('SIGTERM', () =>
  server
    .close()
    .then(() => sql.end({ timeout: 5 }))
    .then(() => process.exit(0)),
);
