/**
 * Which requests a fault rule concerns: by operationId or by path prefix. (The admin API is never
 * faulted, so faults can always be cleared: see create-faults.ts.)
 */

/**
 * Whether a rule's `route` matches a request. A route starting with `/` is a path prefix that
 * matches whole segments (`/api/v1/videos` matches `/api/v1/videos/v-1` but not
 * `/api/v1/videosX`; a route ending in `/` matches any path under it); any other route is an
 * operationId; an absent route matches every request.
 *
 * @example
 * routeMatches('getVideo', 'getVideo', '/api/v1/videos/v-1'); // true
 * routeMatches('/api/v1/videos', undefined, '/api/v1/videos/v-1/custom-fields'); // true
 */
export function routeMatches(
  route: string | undefined,
  operationId: string | undefined,
  path: string,
): boolean {
  if (route === undefined) return true;
  if (!route.startsWith('/')) return route === operationId;
  if (route.endsWith('/')) return path.startsWith(route);
  return path === route || path.startsWith(`${route}/`);
}
