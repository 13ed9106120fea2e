// Screenshots of a card's screens at 360, 768 and 1280 px (the first card of the first company), for a look before a
// change to the card screens lands. Usage: start the product (npm start), then
//   npx tsx scripts/card-shots.ts [baseURL] [outDir] [login] [password] [screen ...]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { signInToFirstCompany } from './demo-session.ts';

const [base = 'http://127.0.0.1:3000', out = '/tmp/card-shots', login = 'demo', password = '', ...extra] =
  process.argv.slice(2);
const SCREENS = extra.length > 0 ? extra : ['', 'history', 'limit', 'block', 'request2nd', 'unlock', 'cancel'];
const WIDTHS = [360, 768, 1280];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const width of WIDTHS) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 740 : 900 } });
  await signInToFirstCompany(page, base, login, password);
  await page
    .getByRole('button', { name: /Detalhes/ })
    .first()
    .click();
  await page.waitForURL(/\/home\/details\/[0-9a-f-]{36}/);
  const card = new URL(page.url()).pathname.split('/')[3];
  for (const screen of SCREENS) {
    await page.goto(`${base}/home/details/${card}${screen ? `/${screen}` : ''}`);
    await page.waitForTimeout(1500);
    // Where the screen's own content starts: the top of its title (h2 of the screen panel).
    const y = await page.evaluate(() => document.getElementById('card-screen-title')?.getBoundingClientRect().top);
    await page.screenshot({ path: join(out, `${width}_${screen || 'dados'}_top.png`) });
    console.info(`${width} ${screen || 'dados'}: screen title at y=${y === undefined ? '-' : Math.round(y)}`);
    await page.screenshot({ path: join(out, `${width}_${screen || 'dados'}.png`), fullPage: true });
  }
  await page.close();
}
await browser.close();
console.info(`screenshots in ${out}`);
