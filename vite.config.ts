import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const bff = 'http://127.0.0.1:3000';

// The SPA lives in src/web; the build lands in dist/web, which the BFF serves.
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/keys': bff,
      '/devices': bff,
      '/proxy': bff,
      '/health': bff,
    },
  },
});
