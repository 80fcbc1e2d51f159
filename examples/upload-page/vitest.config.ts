// Three Vitest projects: the page on jsdom and on happy-dom (the same tests), the client alone on Node.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'jsdom', environment: 'jsdom', include: ['test/**/*.dom.test.tsx'] } },
      {
        extends: true,
        test: { name: 'happy-dom', environment: 'happy-dom', include: ['test/**/*.dom.test.tsx'] },
      },
      { extends: true, test: { name: 'node', environment: 'node', include: ['test/**/*.node.test.ts'] } },
    ],
  },
});
