// Screenshots of the portal's screens at 360, 768 and 1280 px, for a look before a change lands.
// Usage: start the product (npm start), then
//   npx tsx scripts/screenshots.ts [baseURL] [outDir] [login] [password] [path ...]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { signInToFirstCompany } from './demo-session.ts';

const [base = 'http://127.0.0.1:3000', out = '/tmp/shots', login = 'demo', password = '', ...extra] =
  process.argv.slice(2);
const PUBLIC = ['/', '/forgot_password'];
const PRIVATE = extra.length > 0 ? extra : ['/choose/company', '/home', '/home/invoices', '/home/requestcard'];
const WIDTHS = [360, 768, 1280];

const signIn = (page: Page) => signInToFirstCompany(page, base, login, password);

const name = (path: string) => path.replace(/\//g, '_').replace(/^_$/, '_login');

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const width of WIDTHS) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 740 : 900 } });
  for (const path of PUBLIC) {
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(out, `${width}${name(path)}.png`), fullPage: true });
  }
  if (password) {
    await signIn(page);
    for (const path of PRIVATE) {
      await page.goto(`${base}${path}`);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: join(out, `${width}${name(path)}.png`), fullPage: true });
    }
  }
  await page.close();
}
await browser.close();
console.info(`screenshots in ${out}`);
