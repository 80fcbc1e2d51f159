/**
 * What the routes of the interface use: parts of the state (src/instance/mock-state.ts) and the
 * platform's upload receiver, passed in by the instance (src/mock-instance.ts). Each route takes
 * the part it needs (`Pick<ApiDeps, …>`), so a route's collaborators are visible in its signature.
 */
import type { Limits, MockState } from '../instance/mock-state.js';
import type { UploadReceiver } from './receive-upload.js';

export type { Limits };

/** The state's parts and the platform's receiver of uploads (how a multipart body is read into the sink). */
export type ApiDeps = MockState & { receive: UploadReceiver };
