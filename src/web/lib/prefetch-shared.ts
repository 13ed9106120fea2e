// What the signed-in screens other than /home share (Mantine's other components, zod, the full style sheet) and the
// input masks, which the cards search puts on when first used, named by the build in index.html (vite.config.ts,
// prefetchHint).
// Fetched at the lowest priority and not run, once the frame has painted: /home does not wait for it, and the
// first move to another screen finds it cached.
let requested = false;

export function prefetchShared(): void {
  if (requested) return;
  requested = true;
  const hint = document.querySelector<HTMLMetaElement>('meta[name="fidis:prefetch"]');
  for (const href of hint?.content.split(' ').filter(Boolean) ?? []) {
    const as = href.endsWith('.css') ? 'style' : 'script';
    // CORS, as the module loader and Vite's style sheet links ask, so they reuse what this fetched.
    document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', as, href, crossOrigin: '' }));
  }
}
