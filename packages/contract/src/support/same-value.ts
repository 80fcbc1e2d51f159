/** Whether two custom field values are the same value: what a round trip and a generated pair compare. */
import { isUtcDateTime } from '@video-api/schema';

/** Whether two custom field values are the same value (date-times compared as instants, §2). */
export function sameValue(sent: unknown, got: unknown): boolean {
  if (Array.isArray(sent)) {
    return Array.isArray(got) && sent.length === got.length && sent.every((v, i) => v === got[i]);
  }
  if (typeof sent === 'string' && typeof got === 'string' && sent !== got && isUtcDateTime(sent)) {
    return isUtcDateTime(got) && Date.parse(sent) === Date.parse(got);
  }
  return Object.is(sent, got) || sent === got;
}
