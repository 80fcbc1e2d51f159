/** The operationId of a request, matched before routing so that middleware (faults) can use it. */

const OPERATIONS: [method: string, pattern: RegExp, operationId: string][] = [
  ['POST', /^\/api\/v1\/videos\/?$/, 'createVideos'],
  ['POST', /^\/api\/upload\/v1\/form-data\/videos\/[^/]+\/?$/, 'uploadVideoSource'],
  ['GET', /^\/api\/v1\/videos\/[^/]+\/?$/, 'getVideo'],
  ['PUT', /^\/api\/v1\/videos\/[^/]+\/custom-fields\/?$/, 'updateCustomFields'],
  ['GET', /^\/hls\/[^/]+\/playlist\.m3u8$/, 'getHlsPlaylist'],
  ['GET', /^\/hls\/[^/]+\/[^/]+\.ts$/, 'getHlsSegment'],
];

/** The four operations of the spec. */
export const SPEC_OPERATIONS = [
  'createVideos',
  'uploadVideoSource',
  'getVideo',
  'updateCustomFields',
] as const;

/**
 * The operationId of `method path`: one of the spec's four, `getHlsPlaylist`/`getHlsSegment` for
 * playback, or undefined.
 *
 * @example
 * operationIdOf('PUT', '/api/v1/videos/v-0001/custom-fields'); // 'updateCustomFields'
 */
export function operationIdOf(method: string, path: string): string | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  for (const [m, pattern, operationId] of OPERATIONS)
    if (m === verb && pattern.test(path)) return operationId;
  return undefined;
}
