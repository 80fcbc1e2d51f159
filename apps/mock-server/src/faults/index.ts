/**
 * Faults on demand (design §3): latency, injected errors, 429 with Retry-After, connection resets
 * and slow upload reading, per route, seeded and reproducible. See README.md in this folder.
 */
export { faultAdminRoutes } from '../control/fault-routes.js';
export { type BadRequestBody, badRequest, readJson } from './bad-request.js';
export { createFaults, FAULT_HEADER } from './create-faults.js';
export { isReservedPath, RESERVED_PREFIX, routeMatches } from './matching.js';
export { createRandom, DEFAULT_SEED, type Random } from '../shared/prng.js';
export {
  abortedRequest,
  ConnectionResetError,
  isConnectionReset,
  isNetworkFault,
  resetConnection,
} from './reset.js';
export {
  ACCEPTED_RULE_FIELDS,
  type InputIssue,
  type Validation,
  validateRule,
  validateRules,
  zFaultRule,
} from './rule-schema.js';
export { throttle } from './throttle.js';
export type { FaultKind, FaultPlan, FaultRule, Faults, FaultsOptions, RateLimitRule } from './types.js';
