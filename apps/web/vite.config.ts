import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SRC_DIR = new URL('./src', import.meta.url).pathname;
/** The API server (apps/server). In production it also serves this SPA from dist/. */
const API_TARGET = process.env.GEMSTOCK_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': SRC_DIR } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/media': { target: API_TARGET, changeOrigin: true },
      '/sandbox': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Routes are split by their `import()` in src/app/router.tsx. These groups keep the
        // long-lived vendor code in cache-stable chunks and keep the operator area
        // (src/features/admin, a later issue, routed with its own `import()`) in a chunk of its
        // own that no buyer page loads.
        codeSplitting: {
          groups: [
            { name: 'admin', test: /[\\/]src[\\/]features[\\/]admin[\\/]/, priority: 30 },
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|zustand)[\\/]/,
              priority: 20,
            },
            {
              // antd and the other libraries the first paint needs; components used only by
              // lazy pages (Table, Collapse, …) stay in those pages' chunks
              name: 'ui-vendor',
              test: /[\\/]node_modules[\\/]/,
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
