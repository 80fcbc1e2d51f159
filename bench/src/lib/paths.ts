/** Where things are: the repository, the bench folder, its results and scratch folders. */
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const REPO_DIR = fileURLToPath(new URL('../../../', import.meta.url));
export const RESULTS_DIR = `${BENCH_DIR}results`;
/** Test files and upload targets: git-ignored, removed after each benchmark. */
export const TMP_DIR = `${RESULTS_DIR}/tmp`;
export const SPEC_FILE = `${REPO_DIR}spec/openapi.yaml`;
/** The mock's command as published (its built bin; `pnpm bench` builds it first). */
export const MOCK_CLI = `${REPO_DIR}apps/mock-server/dist/node/bin.js`;
export const PRISM_DIR = `${BENCH_DIR}.prism`;
export const PRISM_BIN = `${PRISM_DIR}/node_modules/@stoplight/prism-cli/dist/index.js`;
export const AUTOCANNON_BIN = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));

/** The script of a child process, by its file name under src/. */
export const script = (relative: string): string => fileURLToPath(new URL(`../${relative}`, import.meta.url));
