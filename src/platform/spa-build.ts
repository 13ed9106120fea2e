// Builds the SPA when dist/ is missing or older than its sources, so `npm start` works on a fresh clone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SOURCES = ['src/web', 'src/contracts', 'src/crypto', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

export function spaIsCurrent(root: string, outDir: string): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((s) => newestMtime(resolve(root, s)) <= built);
}

export async function ensureSpaBuilt(root: string, outDir: string, force: boolean): Promise<'built' | 'current'> {
  if (!force && spaIsCurrent(root, outDir)) return 'current';
  const { build } = await import('vite');
  await build({
    root: resolve(root, 'src/web'),
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return 'built';
}
