// The SPA's JavaScript on the wire, against the 150 KB gzip budget of issue 7. The SPA is built afresh into a
// temporary folder (dist/web is left alone, a running product may be serving it), the Vite manifest gives the
// chunk graph, and every chunk is gzipped at level 9. "Initial for /login" is what the browser fetches before
// the login form can paint: the scripts index.html names (the entry, the small /home preload script), the entry's
// static imports, plus the login route's own chunk and its static imports, which the router requests at once.
// Other routes' lazy chunks are not counted. Nothing is asserted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_KB = 150;
const LOGIN_ROUTE = 'features/auth/routes/login.tsx';
const HOME_ROUTES = ['app/shell/shell-layout.tsx', 'app/home.tsx', 'features/cards/routes/cards-list.tsx'];
/** vite.config.ts builds the two /home routes into one chunk of this name, which has no manifest key of its own. */
const HOME_CHUNK = 'home';
const root = resolve(import.meta.dirname, '..');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const outDir = mkdtempSync(join(tmpdir(), 'fidis-bundle-'));
try {
  await build({
    root: resolve(root, 'src/web'),
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  report(manifest);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

function report(manifest: Manifest) {
  const gz = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = gz.get(file);
    if (!size) {
      const bytes = readFileSync(join(outDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      gz.set(file, size);
    }
    return size;
  };
  /** A chunk and everything it imports statically, as manifest keys. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const jsOf = (keys: Iterable<string>) => [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  const total = (files: string[], pick: 'raw' | 'gzip' = 'gzip') => files.reduce((sum, f) => sum + sizeOf(f)[pick], 0);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('manifest without an entry');
  const entry = closure(entryKey);
  // The login screen may be built into the entry (no chunk of its own) or be a lazy chunk fetched at once.
  const loginChunk = !!manifest[LOGIN_ROUTE];
  const loginRoute = new Set(loginChunk ? [...closure(LOGIN_ROUTE)].filter((k) => !entry.has(k)) : []);
  // Scripts index.html loads besides the entry (the /home preload script), fetched by every page.
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const htmlScripts = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((file) => !jsOf(entry).includes(file));
  const initial = [...htmlScripts, ...jsOf(entry), ...jsOf(loginRoute)];
  const homeKeys = Object.keys(manifest).filter((k) => HOME_ROUTES.includes(k) || manifest[k]!.name === HOME_CHUNK);
  const homeRoute = new Set(homeKeys.flatMap((k) => [...closure(k)]).filter((k) => !entry.has(k)));

  const initialGzip = total(initial);
  console.info('SPA built afresh into a temporary folder; sizes are gzip level 9 (raw in brackets).');
  console.info(`entry + static imports      ${kb(total(jsOf(entry)))} KB  (${jsOf(entry).length} files)`);
  if (htmlScripts.length > 0)
    console.info(`other scripts of index.html ${kb(total(htmlScripts))} KB  (${htmlScripts.join(', ')})`);
  console.info(
    loginChunk
      ? `login route chunk + imports ${kb(total(jsOf(loginRoute)))} KB  (${jsOf(loginRoute).length} files)`
      : 'login route                 part of the entry',
  );
  console.info(
    `initial JS for /login       ${kb(initialGzip)} KB  [${kb(total(initial, 'raw'))} KB raw]  budget ${BUDGET_KB} KB  ratio ${(initialGzip / 1024 / BUDGET_KB).toFixed(2)}`,
  );
  const css = cssOf(entry);
  console.info(`render-blocking CSS         ${kb(total(css))} KB  [${kb(total(css, 'raw'))} KB raw]`);
  const homeCss = cssOf(homeRoute);
  console.info(
    `/home adds (shell + cards)  ${kb(total(jsOf(homeRoute)))} KB JS (${jsOf(homeRoute).length} files), ${kb(total(homeCss))} KB CSS (${homeCss.length} files)`,
  );

  // Which route each chunk serves: the entry, or the lazy routes whose static closure holds it.
  const routesOf = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const route = key
      .replace(/^features\//, '')
      .replace(/\/routes\//, '/')
      .replace(/\.tsx?$/, '');
    for (const dep of closure(key)) if (!entry.has(dep)) routesOf.set(dep, [...(routesOf.get(dep) ?? []), route]);
  }
  const chunks = Object.keys(manifest)
    .filter((k) => manifest[k]!.file.endsWith('.js'))
    .sort((a, b) => sizeOf(manifest[b]!.file).gzip - sizeOf(manifest[a]!.file).gzip)
    .slice(0, 10);
  console.info('\nlargest chunks (gzip KB, route)');
  for (const key of chunks) {
    const routes = entry.has(key) ? ['entry (every route)'] : (routesOf.get(key) ?? ['?']);
    const shown =
      routes.length > 3 ? `${routes.slice(0, 3).join(', ')} and ${routes.length - 3} more` : routes.join(', ');
    console.info(`${kb(sizeOf(manifest[key]!.file).gzip).padStart(7)}  ${manifest[key]!.file.padEnd(44)} ${shown}`);
  }
}
