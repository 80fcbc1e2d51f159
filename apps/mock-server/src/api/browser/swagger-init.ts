/**
 * The start of swagger-ui on `/docs` (api/docs.ts serves it at /docs/swagger-init.js, after
 * swagger-ui's own bundle and preset): the mock's spec, `/openapi.json`, in its standalone layout,
 * authorization not kept between visits.
 */

/** What the page uses of swagger-ui's globals. */
declare const SwaggerUIBundle: ((options: Record<string, unknown>) => unknown) & {
  presets: { apis: unknown };
};
declare const SwaggerUIStandalonePreset: unknown;

(window as unknown as { ui: unknown }).ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  persistAuthorization: false,
});
