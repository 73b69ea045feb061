import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { decorativeIcons } from './build/decorative-icons.ts';

const ROOT = new URL('.', import.meta.url).pathname;

export default defineProject({
  plugins: [react(), decorativeIcons()],
  root: ROOT,
  resolve: {
    alias: [
      { find: '@', replacement: `${ROOT}src` },
      // Node would load the CommonJS build; the ES one is what the browser build uses
      { find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' },
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    // through Vite, so build/decorative-icons.ts applies to the icons as in the build
    server: { deps: { inline: [/@ant-design[\\/]icons/] } },
  },
});
