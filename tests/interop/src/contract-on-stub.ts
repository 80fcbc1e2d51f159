/**
 * The contract suite against a stateless stub of the spec (Prism, Specmatic's stub): one bounded
 * run, a seed fixed so that a failure can be replayed, short waits (a stub never makes a video ready).
 */
import { type ContractReport, runContract } from '@video-api/contract';

/** Runs the suite against the server at `url` with any token. */
export const contractOnStub = (url: string): Promise<ContractReport> =>
  runContract(
    { baseUrl: url, uploadBaseUrl: url, token: 'any-token', projectKey: 'interop', fetch: (r) => fetch(r) },
    { seed: 7, propertyRuns: 2, readyTimeoutMs: 2_000, maxWaitMs: 5_000 },
  );
