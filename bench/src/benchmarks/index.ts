/** Every benchmark, in the order `pnpm bench` runs them. */
import type { Benchmark } from '../lib/types.js';
import { bigRecord } from './big-record.js';
import { clientOverhead } from './client-overhead.js';
import { concurrentUploads } from './concurrent-uploads.js';
import { consolePage } from './console-page.js';
import { contractLimiter } from './contract-limiter.js';
import { contractSuite } from './contract-suite.js';
import { installSize } from './install-size.js';
import { logCost } from './log-cost.js';
import { mockAb } from './mock-ab.js';
import { mockVsBare } from './mock-vs-bare.js';
import { mswFlow } from './msw-flow.js';
import { pgJobLibraries } from './pg-job-libraries.js';
import { pgJobs } from './pg-jobs.js';
import { pgLatency } from './pg-latency.js';
import { pgScale } from './pg-scale.js';
import { pgVsBare } from './pg-vs-bare.js';
import { scale } from './scale.js';
import { soak } from './soak.js';
import { startup } from './startup.js';
import { throughput } from './throughput.js';
import { transcode } from './transcode.js';
import { upload } from './upload.js';

export const BENCHMARKS: Benchmark[] = [
  throughput,
  mockVsBare,
  logCost,
  pgVsBare,
  pgLatency,
  pgJobs,
  pgJobLibraries,
  pgScale,
  upload,
  concurrentUploads,
  clientOverhead,
  startup,
  scale,
  bigRecord,
  contractSuite,
  contractLimiter,
  mockAb,
  mswFlow,
  consolePage,
  transcode,
  installSize,
  soak,
];
