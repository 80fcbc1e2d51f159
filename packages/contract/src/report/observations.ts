/** Every observation of a report: the spec's unknowns, then those the suite keeps itself. */
import type { ContractReport, Observation } from '../support/types.js';

export const allObservations = (report: ContractReport): Observation[] => [
  ...report.observations,
  ...(report.localObservations ?? []),
];
