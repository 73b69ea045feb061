import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const ROOT = new URL('.', import.meta.url).pathname;

export default defineProject({
  plugins: [react()],
  root: ROOT,
  resolve: { alias: { '@': `${ROOT}src` } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
});
