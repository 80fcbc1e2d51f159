/** Test helpers shared by the workspace's tests (private; exports its TypeScript source). */

export { ADDED_OPERATION } from './added-operation.js';
export { cacheDir, cachedInstall } from './cached-install.js';
export { type Chromium, chromiumPath, launchChromium } from './chromium.js';
export { cleanEnv } from './clean-env.js';
export { type ExecOptions, type ExecResult, exec } from './exec.js';
export { freePort, refusedUrl } from './free-port.js';
export { importViolations, loadImportRules, writeTree } from './import-rules.js';
export { type Listening, listenHttp } from './listen-http.js';
export { type NginxOptions, type StartedNginx, startNginx } from './nginx.js';
export { type OwnCluster, startOwnCluster } from './postgres-cluster.js';
export { createTestDatabase, type TestDatabase } from './postgres-database.js';
export { type TestDatabaseServer, testDatabaseServer } from './postgres-server.js';
export { processesMentioning } from './processes.js';
export {
  openRawConnection,
  type RawConnection,
  type RawOptions,
  type RawReply,
  type RawTarget,
  rawRequest,
} from './raw-socket.js';
export { type FetchApp, type NodeEnv, serveApp } from './serve-app.js';
export {
  type ConnectionFault,
  type FaultRulesOf,
  type ServedMock,
  type ServeMockOptions,
  serveMock,
} from './serve-mock.js';
export { type ServedProcess, type ServeOptions, serveProcess } from './served-process.js';
export { sourceArgs } from './source-bin.js';
export { mountTmpfs, type Tmpfs, tmpfsUnavailable } from './tmpfs.js';
export {
  type Delivery,
  deliveryHeader,
  type ReceiverOptions,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver.js';
