// What the portal sends the provider, read where the browser seals it: every call travels to /proxy encrypted
// (docs/transport.md), so a test that must see a payload records the JSON the page hands to AES-GCM. Only the page
// under test is instrumented; nothing in the product changes.
import type { Page } from '@playwright/test';

export interface SealedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  data?: unknown;
}

declare global {
  interface Window {
    __fidisSealed?: unknown[];
  }
}

/** Starts recording before the page's scripts run; call before the first goto. */
export async function recordSealedCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sealed: unknown[] = [];
    window.__fidisSealed = sealed;
    const encrypt = SubtleCrypto.prototype.encrypt;
    SubtleCrypto.prototype.encrypt = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['encrypt']>) {
      const [algorithm, , data] = args;
      if ((algorithm as { name?: string }).name === 'AES-GCM') {
        try {
          const bytes = ArrayBuffer.isView(data)
            ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
            : new Uint8Array(data as ArrayBuffer);
          sealed.push(JSON.parse(new TextDecoder().decode(bytes)));
        } catch {
          // Not a JSON call (a key being wrapped): nothing to record.
        }
      }
      return encrypt.apply(this, args);
    };
  });
}

/** The calls sealed so far whose method is `method` and whose URL path ends with `path`. */
export async function sealedCalls(page: Page, method: string, path: string): Promise<SealedCall[]> {
  const all = (await page.evaluate(() => window.__fidisSealed ?? [])) as SealedCall[];
  return all.filter((c) => c.method === method && new URL(c.url).pathname.replace(/\/+$/, '') === path);
}

/**
 * The distinct bodies of those calls, as JSON: a call refused STEP_UP_REQUIRED (decision 091) is sent again once the
 * dialog is confirmed, so one submit may be sealed twice with the same body.
 */
export async function sealedBodies(page: Page, method: string, path: string): Promise<unknown[]> {
  const calls = await sealedCalls(page, method, path);
  return [...new Set(calls.map((c) => JSON.stringify(c.data)))].map((text) => JSON.parse(text));
}
