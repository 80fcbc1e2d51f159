/** The Node entry of the client, from its sources (see ./client.ts for why by path). */
export { createVideoApiClient as createNodeClient } from '../../../../../packages/client/src/node.js';
