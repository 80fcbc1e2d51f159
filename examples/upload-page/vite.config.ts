// The page's Vite config: React, a fixed port (PORT), and a dependency cache per mode, so the page
// and its `--mode msw` twin can be served at once (Playwright starts both).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  cacheDir: `node_modules/.vite-${mode}`,
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true, host: '127.0.0.1' },
}));
