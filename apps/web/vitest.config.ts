import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
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
      // Node loads antd's CommonJS build, so a module the app imports from antd/es must come from
      // the same build, or it is a second copy (a React context antd never provides, say)
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
      // react-router and react-router/dom as one build, the ES one Node resolves for `import`
      // (loaded by Node as they were, the app's react-router hooks and react-router/dom's
      // RouterProvider came from two builds, with two router contexts)
      { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) },
      { find: /^react-router\/dom$/, replacement: fileURLToPath(import.meta.resolve('react-router/dom')) },
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    // A page test renders antd for real and waits for what a person sees; on a busy two-core
    // machine one such test takes several seconds of CPU, so Vitest's 5 s default cut tests
    // that were only slow. The waits themselves stay state-based.
    testTimeout: 30_000,
    // through Vite, so build/decorative-icons.ts applies to the icons as in the build
    server: { deps: { inline: [/@ant-design[\\/]icons/] } },
  },
});
