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
        // long-lived vendor code in cache-stable chunks and the operator area (src/features/admin,
        // a later issue) out of every chunk a buyer downloads.
        codeSplitting: {
          groups: [
            { name: 'admin', test: /[\\/]src[\\/]features[\\/]admin[\\/]/, priority: 30 },
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|zustand)[\\/]/,
              priority: 20,
            },
            {
              name: 'antd-vendor',
              test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|dayjs|stylis|classnames|clsx)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
