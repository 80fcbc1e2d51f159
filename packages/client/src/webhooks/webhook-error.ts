/** The webhook verification error and a header reader for Headers or Node-style records. */
import { VideoApiError } from '../errors.js';
import type { HeaderBag } from './types.js';

/** A delivery that failed verification; the message says why. */
export class WebhookVerificationError extends VideoApiError {
  override name = 'WebhookVerificationError';
}

/**
 * Reads one header from a Headers object or a Node-style record (case-insensitive).
 *
 * @example
 * headerOf(request.headers, 'Webhook-Id'); // works for node:http and fetch requests
 */
export function headerOf(headers: HeaderBag, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(', ') : value;
  }
  return undefined;
}
