/** Scrapes `GET /__mock/metrics` of an app and reads one sample of Prometheus's text format. */
import type { MockApp } from '../../src/types.js';

/** The answer of `GET /__mock/metrics` and its text (with `adminToken` as Bearer token, if given). */
export async function scrape(app: MockApp, adminToken?: string): Promise<{ res: Response; body: string }> {
  const headers: Record<string, string> =
    adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` };
  const res = await app.request('/__mock/metrics', { headers });
  return { res, body: await res.text() };
}

/**
 * The value of `series` (name and labels as written, e.g. `x_total{a="b"}`); undefined when absent.
 *
 * @example
 * sample('x_total{a="b"} 3\n', 'x_total{a="b"}'); // 3
 */
export function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((text) => text.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
