import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { PRODUCT_KEY } from './src/contracts/constants.ts';
import { opensHome } from './src/web/lib/store/opens-home.ts';

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

/**
 * A build plugin that adds `tag` before index.html's </head>, once Vite has written the page into the bundle. `tag`
 * gets the bundle, the public base path and a way to emit a file of its own (its public path is returned).
 */
function headTag(
  name: string,
  tag: (bundle: Rollup.OutputBundle, base: string, emitAsset: (name: string, source: string) => string) => string,
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error(`${name}: index.html ausente`);
        const emitAsset = (file: string, source: string) =>
          `${base}${this.getFileName(this.emitFile({ type: 'asset', name: file, source }))}`;
        html.source = String(html.source).replace('</head>', `  ${tag(bundle, base, emitAsset)}\n  </head>`);
      },
    },
  };
}

/**
 * The `home` chunk (the signed-in frame and the cards list) is otherwise requested only once the entry, some 110 KB
 * over the wire, has arrived and run: on a mobile link that puts the two downloads one after the other. A tiny
 * script, loaded beside the entry and run as soon as it arrives, starts the chunk and its style sheet at once when
 * the page opened is under /home and the persisted session lets the route guards open it (opensHome); the entry's dynamic import then finds both already requested. An external
 * file, because the BFF's CSP allows no inline script.
 */
function homePreload(chunkName: string): Plugin {
  return headTag('fidis:home-preload', (bundle, base, emitAsset) => {
    const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === chunkName);
    if (chunk?.type !== 'chunk') throw new Error(`fidis:home-preload: chunk ${chunkName} ausente`);
    // Requested as Vite's loader will ask (CORS, same-origin credentials), so its requests find these answers.
    const links = [
      { rel: 'modulepreload', href: `${base}${chunk.fileName}` },
      ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => ({
        rel: 'preload',
        as: 'style',
        href: `${base}${css}`,
      })),
    ];
    // The store's own rule of a session the guards let into /home (opensHome), not a copy of it: the copy this
    // replaced still looked for the bearer token persisted before decision 040, and never preloaded anything.
    const source = `if ((${opensHome.toString()})(localStorage.getItem(${JSON.stringify(PRODUCT_KEY)}), location.pathname)) {
  for (const attributes of ${JSON.stringify(links)}) {
    document.head.append(Object.assign(document.createElement('link'), { crossOrigin: '' }, attributes));
  }
}
`;
    return `<script type="module" async src="${emitAsset(`${chunkName}-preload.js`, source)}"></script>`;
  });
}

/**
 * Names, in a meta tag of index.html, the files of the given chunks and style sheets: what the signed-in screens
 * other than /home share. The shell fetches them, without running them, once it has painted
 * (src/web/lib/prefetch-shared.ts), so /home does not wait for them and the first move to another screen finds them cached.
 */
function prefetchHint(names: string[]): Plugin {
  return headTag('fidis:prefetch-hint', (bundle, base) => {
    const filesOf = (name: string) =>
      Object.values(bundle).flatMap((file) => {
        if (file.type === 'chunk') {
          return file.name === name ? [file.fileName, ...(file.viteMetadata?.importedCss ?? [])] : [];
        }
        return file.names.includes(`${name}.css`) ? [file.fileName] : [];
      });
    const files = names.flatMap((name) => {
      const found = filesOf(name);
      if (found.length === 0) throw new Error(`fidis:prefetch-hint: nada se chama ${name}`);
      return found;
    });
    return `<meta name="fidis:prefetch" content="${[...new Set(files)].map((file) => `${base}${file}`).join(' ')}" />`;
  });
}

// The SPA imports the contracts through their barrel (index.ts). Those modules only declare values, so one that
// nothing uses may be dropped: the login screen's `messages` must not drag the zod schemas in.
const contractsTreeshake = {
  moduleSideEffects: (id: string) => (/[\\/]src[\\/]contracts[\\/]/.test(id) ? false : undefined),
};

// The SPA lives in src/web; the build lands in dist/web, which the BFF serves.
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  resolve: {
    // React Router 7 ships a production build whose dev-only warnings are compiled out, but its package.json points
    // every condition at the development one (remix-run/react-router#12532, #14102): the build takes it by path.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  plugins: [
    react(),
    homePreload('home'),
    prefetchHint(['lazy-shared', 'schemas', 'masks', 'full-styles']),
    precompress(),
  ],
  // The answers' worker (src/web/api/answers.worker.ts) is a module worker, built as its own file.
  worker: { format: 'es', rolldownOptions: { treeshake: contractsTreeshake } },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Few, larger files instead of dozens of small shared chunks: on a mobile link each file is a request,
          // and HTTP/1.1 runs only six at a time. Everything the first load needs goes with the entry. A group
          // takes the modules its members import, unless a group of higher priority took them first.
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 4 },
            // The signed-in frame and the cards list with the radar above it (app/home.tsx), where sessions go after
            // signing in: one file with what they use and nothing else, which the other signed-in screens, drawn
            // inside the frame, load too.
            {
              name: 'home',
              test: /[\\/]src[\\/]web[\\/](app[\\/]shell[\\/]shell-layout|app[\\/]home|features[\\/]cards[\\/]routes[\\/]cards-list)\.tsx$/,
              priority: 3,
            },
            // zod and the contracts' schemas (every contracts module the entry does not take): the forms that
            // validate load them with their screen, the sign-in and the cards list only when they first call. Not
            // in lazy-shared: a first call would then load and run the other screens' components and styles too
            // (issue 27: /home's first call ran all of lazy-shared and applied its style sheet).
            {
              name: 'schemas',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]contracts[\\/]/,
              priority: 2,
            },
            // The input masks, which the cards search puts on when the operator comes to it (useLazyMask).
            { name: 'masks', test: /[\\/]node_modules[\\/](imask|react-imask)[\\/]/, priority: 2 },
            // What two or more other lazy screens share (the rest of Mantine's components).
            { name: 'lazy-shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
      treeshake: contractsTreeshake,
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
}));
