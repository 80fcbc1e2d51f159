/** Types of the one function the tests use from openapi-overlays-js (it ships none). */
declare module 'openapi-overlays-js/src/overlay.js' {
  export function applyOverlay(definition: unknown, overlay: unknown): unknown;
}
