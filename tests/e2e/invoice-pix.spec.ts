// Pix on the invoice (decision 077), provider to screen: the invoice still to pay shows its QR code and copia-e-cola,
// whose amount is the total on the screen and whose CRC checks, and copies it, and the block holds at 360, 768 and
// 1280 px (checked within the one run, the widths being what the layout assertions are about); an invoice a later
// one settled, and a due date without an invoice, show no Pix.
import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { E2E } from './support/env.ts';
import { chooseCompany, openLogin, signIn } from './support/session.ts';

const CLOSING_DAYS = 10;

/** dd/mm/yyyy → whether its invoice has closed (the seed closes invoices 10 days before they are due). */
function closed(label: string, today: Date): boolean {
  const [d, m, y] = label.split('/').map(Number);
  const closing = Date.UTC(y!, m! - 1, d!) - CLOSING_DAYS * 24 * 60 * 60 * 1000;
  return closing <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** EMV TLV fields of a BR Code; a length that does not match its value fails the walk. */
function fieldsOf(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < code.length; ) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    const value = code.slice(at + 4, at + 4 + length);
    expect(value.length, `field ${id}`).toBe(length);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE, written here apart from the provider's so the two can disagree. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const dueDateSelect = (page: Page) => page.getByRole('combobox', { name: 'Data de vencimento' });
const pixBlock = (page: Page) => page.getByRole('region', { name: 'Pagar com Pix' });

async function openInvoices(page: Page) {
  await openLogin(page);
  await signIn(page);
  await chooseCompany(page, /Transportadora Horizonte/);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/home/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Faturas do Relacionamento' })).toBeVisible();
  await expect(dueDateSelect(page)).toBeEnabled({ timeout: 20_000 });
}

/** The closed due dates, newest first: the one still to pay, one a later invoice settled, one without an invoice. */
async function closedDueDates(page: Page): Promise<[string, string, string]> {
  await dueDateSelect(page).click();
  const labels = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return labels.filter((l) => closed(l, new Date())) as [string, string, string];
}

async function choose(page: Page, label: string) {
  await dueDateSelect(page).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(dueDateSelect(page)).toHaveValue(label);
}

test.describe('Pix on the invoice', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the invoice to pay shows its QR code and copia-e-cola of the total, and copies it', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await openInvoices(page);
    const [payable] = await closedDueDates(page);
    await choose(page, payable);

    const pix = pixBlock(page);
    await expect(pix).toBeVisible();
    await expect(pix.getByRole('img', { name: 'QR Code do Pix da fatura' })).toBeVisible();
    const code = await pix.getByRole('textbox', { name: 'Código Pix copia e cola' }).inputValue();

    // The code is a BR Code whose amount is the total on the screen, to the centavo, and whose CRC checks.
    const fields = fieldsOf(code);
    expect(fields.get('00')).toBe('01');
    expect(fieldsOf(fields.get('26')!).get('00')).toBe('br.gov.bcb.pix');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('58')).toBe('BR');
    expect(fieldsOf(fields.get('62')!).get('05')).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(crc16(code.slice(0, -4))).toBe(fields.get('63'));
    const total = (await page.getByTestId('invoice-total').textContent()) ?? '';
    const shown = total
      .replace(/^R\$\s/, '')
      .replaceAll('.', '')
      .replace(',', '.');
    expect(fields.get('54')).toBe(shown);

    await pix.getByRole('button', { name: 'Copiar código Pix' }).click();
    await expect(pix.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await page.getByRole('button', { name: 'Copiar linha digitável' }).click();
    const line = (await page.getByLabel('Linha digitável', { exact: true }).textContent()) ?? '';
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(line);

    // At each width: the QR fits, the long code wraps inside its field, nothing scrolls sideways, axe finds nothing.
    // Judged at rest, as the other screens are: the pointer off the button it just clicked, the feedback gone.
    await page.mouse.move(0, 0);
    await expect(pix.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();
    for (const width of E2E.widths) {
      await page.setViewportSize({ width, height: 900 });
      // Polled: the page lays itself out again a moment after the resize, and a measure taken before that is stale.
      const qrImage = pix.getByRole('img', { name: 'QR Code do Pix da fatura' });
      await expect
        .poll(async () => {
          const qr = await qrImage.boundingBox();
          return qr !== null && qr.width >= 150 && qr.x + qr.width <= width;
        })
        .toBe(true);
      const field = pix.getByRole('textbox', { name: 'Código Pix copia e cola' });
      await expect.poll(() => field.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await expectNoA11yViolations(page);
      // PIX_SHOTS_DIR=/some/dir keeps a picture per width for reviewing the layout; nothing is compared.
      const shots = process.env.PIX_SHOTS_DIR;
      if (shots) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${shots}/invoice-pix-${width}.png`, fullPage: true });
        await pix.screenshot({ path: `${shots}/invoice-pix-block-${width}.png` });
      }
    }
  });

  test('an invoice a later one settled, and a due date without an invoice, show no Pix', async ({ page }) => {
    await openInvoices(page);
    const [payable, settled, missing] = await closedDueDates(page);
    await choose(page, payable);
    await expect(pixBlock(page)).toBeVisible();

    await choose(page, settled);
    await expect(page.getByTestId('invoice-total')).toHaveText(/^R\$ /);
    await expect(page.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();
    await expect(pixBlock(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copiar código Pix' })).toHaveCount(0);

    await choose(page, missing);
    await expect(page.getByText('Fatura indisponível', { exact: true })).toBeVisible();
    await expect(pixBlock(page)).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
