// The page's Vite config: React, and a fixed port so the README and Playwright know where it is.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true, host: '127.0.0.1' },
});
