/**
 * The client's defaults in Vitest's happy-dom environment under msw.
 *
 * @vitest-environment happy-dom
 */
import { describeDomFlow } from './support/dom-flow.js';

describeDomFlow('happy-dom');
