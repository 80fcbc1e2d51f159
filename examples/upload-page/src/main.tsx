// The page's entry: the client with its defaults, pointed at the API the page's address names.
import { createVideoApiClient } from '@video-api/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiConfig } from './config';
import { UploadPage } from './upload-page';

const config = apiConfig(window.location, import.meta.env);
// Compared with Vite's constant, so a production build leaves msw and the mock out.
if (import.meta.env.MODE === 'msw' && config.inPage) {
  const { startMockWorker } = await import('./mock-worker');
  await startMockWorker();
}
const client = createVideoApiClient({ baseUrl: config.baseUrl, token: config.token });
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <UploadPage client={client} />
  </StrictMode>,
);
