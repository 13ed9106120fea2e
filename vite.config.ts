import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const bff = 'http://127.0.0.1:3000';

/**
 * Writes .br and .gz siblings of every text file of the build, which the BFF serves by Accept-Encoding
 * (@fastify/static `preCompressed`): compressed once at build time, at the highest levels, never per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'fidis:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes(`${join(outDir, '.vite')}`)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
      }
    },
  };
}

// The SPA lives in src/web; the build lands in dist/web, which the BFF serves.
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Few, larger files instead of dozens of small shared chunks: on a mobile link each file is a request,
          // and HTTP/1.1 runs only six at a time. Everything the first load needs goes with the entry; what two
          // or more lazy screens share (Mantine's other components, zod, the masks) forms one chunk.
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            { name: 'lazy-shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
      treeshake: {
        // The SPA imports the contracts through their barrel (index.ts). Those modules only declare values, so
        // one that nothing uses may be dropped: the login screen's `messages` must not drag the zod schemas in.
        moduleSideEffects: (id) => (/[\\/]src[\\/]contracts[\\/]/.test(id) ? false : undefined),
      },
    },
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
