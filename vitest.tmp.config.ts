import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: './tests', environment: 'node', include: ['live/**/*.test.ts'], testTimeout: 60_000 } });
