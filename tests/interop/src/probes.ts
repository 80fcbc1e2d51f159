/**
 * The requests sent to Prism: per operation, one valid request without preference (the success
 * path) and one per documented error status with `Prefer: code=<status>`; each answer recorded.
 */
import type { Operation } from './operations.js';
import { validRequest } from './requests.js';
import type { OpenApiDocument } from './types.js';

export interface Probe {
  operation: Operation;
  /** The status asked for (`Prefer: code=…`), or the success status when nothing was asked. */
  expected: number;
  preferred: boolean;
  status: number;
  contentType: string;
  body: string;
}

/** Sends every probe of `operations` to `baseUrl`, one after the other. */
export async function probe(
  document: OpenApiDocument,
  operations: Operation[],
  baseUrl: string,
  file: Uint8Array<ArrayBuffer>,
): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const operation of operations) {
    const asks = [undefined, ...operation.errors];
    for (const code of asks) {
      const headers: Record<string, string> = code === undefined ? {} : { prefer: `code=${code}` };
      const response = await fetch(...validRequest(document, operation, baseUrl, file, headers));
      probes.push({
        operation,
        expected: code ?? operation.success,
        preferred: code !== undefined,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: await response.text(),
      });
    }
  }
  return probes;
}

/** One line per probe: operation, what was asked, what came back (for assertion messages). */
export function describeProbe(p: Probe): string {
  const asked = p.preferred ? `Prefer: code=${p.expected}` : `success ${p.expected}`;
  return `${p.operation.id} (${asked}): ${p.status} ${p.contentType} ${p.body.slice(0, 160)}`;
}
