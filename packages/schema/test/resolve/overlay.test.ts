/**
 * The Overlay says the same choices as the resolved document: applied to the bundled spec by a
 * real Overlay implementation (openapi-overlays-js), it gives the resolved document, for any choice.
 */
import fc from 'fast-check';
import { applyOverlay } from 'openapi-overlays-js/src/overlay.js';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../../src/generated/openapi.js';
import { resolveSpec } from '../../src/resolve/index.js';
import { idsWithReadings, type ReadingChoice, readingsOf } from '../../src/unspecified.js';

/** Any choice of readings: for each unknown with readings, none or one of them. */
const anyChoice: fc.Arbitrary<ReadingChoice> = fc.record(
  Object.fromEntries(idsWithReadings.map((id) => [id, fc.constantFrom(...readingsOf(id))])),
  { requiredKeys: [] },
) as fc.Arbitrary<ReadingChoice>;

describe('the Overlay of a resolved document', () => {
  it('is an Overlay 1.0 document with actions on bracket-notation targets', () => {
    const { overlay } = resolveSpec();
    expect(overlay.overlay).toBe('1.0.0');
    expect(overlay.info.title).toContain('status-codes=all-200');
    expect(overlay.actions.length).toBeGreaterThan(0);
    for (const action of overlay.actions) expect(action.target).toMatch(/^\$(\['[^']*'\])*$/);
  });

  it('applied to the bundled spec, gives the resolved document, for any choice of readings', () => {
    fc.assert(
      fc.property(anyChoice, (readings) => {
        const { document, overlay } = resolveSpec({ readings });
        const applied = applyOverlay(structuredClone(openapiDocument), structuredClone(overlay));
        expect(applied).toEqual(document);
      }),
      { numRuns: 40 },
    );
  });

  it('leaves no status range and no */* body in the operations, for any choice of readings', () => {
    fc.assert(
      fc.property(anyChoice, (readings) => {
        const { document } = resolveSpec({ readings });
        const paths = JSON.stringify(document.paths);
        expect(paths).not.toContain('*/*');
        expect(paths).not.toMatch(/"[1-5]XX"/);
      }),
      { numRuns: 40 },
    );
  });
});
