/**
 * The client's defaults in Vitest's jsdom environment under msw (jsdom's XMLHttpRequest loses a
 * Blob body there, so the client must not pick it).
 *
 * @vitest-environment jsdom
 */
import { describeDomFlow } from './support/dom-flow.js';

describeDomFlow('jsdom');
