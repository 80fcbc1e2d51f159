/** Spec lint, our half: fails with one line per malformed `x-unspecified` marker. */
import { checkMarkers, loadSpec, specPath } from './markers.js';

const { markers, problems } = checkMarkers(loadSpec());
if (problems.length > 0) {
  console.error(`${specPath}: ${problems.length} malformed x-unspecified marker(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const withReadings = markers.filter((m) => m.readings).length;
console.log(`x-unspecified: ${markers.length} markers valid (${withReadings} with readings).`);
