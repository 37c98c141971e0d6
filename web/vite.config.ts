import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Where the dev server and `vite preview` send /api. The local stack sets it to
// the Functions emulator's URL for the `api` function (see scripts/stack.ts).
const apiTarget = process.env.BRAINBOARD_API_PROXY_TARGET;

const proxy = apiTarget
  ? {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // The function sees the same /api/... path that Hosting's rewrite gives it.
        rewrite: (path: string) => path,
      },
    }
  : undefined;

const port = Number(process.env.BRAINBOARD_WEB_PORT ?? 5173);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { port, strictPort: true, host: '127.0.0.1', proxy },
  preview: { port, strictPort: true, host: '127.0.0.1', proxy },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
