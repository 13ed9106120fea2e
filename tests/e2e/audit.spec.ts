// The audit trail screen (issue 16; decision 089): a card blocked through the portal is at the top of "Auditoria"
// with who, from where and its before → after; the card filter keeps it alone; the filtered rows download as a CSV
// (UTF-8 with BOM, `;`); a period that ends before it starts is refused with its pt-BR reason.
// AUDIT_SCREENSHOTS=<dir> also saves the screen at 360, 768 and 1280 px.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { everyRowDrawn, firstActiveIn, goToPage, openCardScreen, openRow } from './support/cards.ts';
import { downloadAfter, expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 120_000 });
// As an operator in Brazil sees it: the date inputs in DD/MM/YYYY, the file's instants in Brasília time.
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

const TITLE = 'Auditoria';
const shots = process.env.AUDIT_SCREENSHOTS;

const table = (page: Page) => page.locator(`[aria-label="${TITLE}"]`).first();
/** The trail's rows, whether a table or stacked items. */
const rows = (page: Page) => table(page).locator(':scope > tbody > tr, :scope > li');

async function shoot(page: Page, name: string) {
  if (!shots) return;
  // The block's notification gone, so it covers nothing.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : width === 768 ? 1024 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function blockACard(page: Page): Promise<string> {
  await openHome(page);
  // Page 3: the first page's cards are what the cards, decline and impact specs read as active; blocking one of
  // them here changed what they saw when the specs ran side by side.
  await goToPage(page, 3);
  const index = await firstActiveIn(page, 0, 20);
  await openRow(page, index);
  const summary = page.getByRole('region', { name: 'Resumo do cartão' });
  const last4 = ((await summary.getByText(/^•••• \d{4}$/).textContent()) ?? '').replace(/\D/g, '');
  expect(last4).toMatch(/^\d{4}$/);
  await openCardScreen(page, 'Bloqueio / Desbloqueio');
  await page.getByRole('radio', { name: 'Bloqueio temporário' }).check();
  await page.getByRole('button', { name: 'Bloquear cartão' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar bloqueio' }).click();
  await expect(summary.getByText('Inativo', { exact: true })).toBeVisible();
  await expect(page.getByText('Cartão desativado com sucesso!')).toBeHidden({ timeout: 15_000 });
  return last4;
}

test('a blocked card is in Auditoria with its before → after; filtered by card; exported as CSV', async ({ page }) => {
  const last4 = await blockACard(page);

  await page.getByRole('link', { name: TITLE }).first().click();
  await expect(page).toHaveURL(/\/home\/audit$/);
  await expect(page.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
  // Not necessarily the top row: specs running beside this one sign in and change cards of the same company.
  const first = rows(page)
    .filter({ hasText: `cartão final ${last4}` })
    .first();
  await expect(first).toContainText('Bloqueio do cartão');
  await expect(first).toContainText(`cartão final ${last4}`);
  await expect(first).toContainText('Situação: Ativo → Bloqueado');
  // The block's reason by its name, set where there was none: no code, no "(vazio) →" (decision 135).
  await expect(first).toContainText('Motivo do bloqueio: Bloqueio temporário');
  await expect(first).not.toContainText('(vazio)');
  await expect(first).toContainText('demo');
  await expect(first).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await expectNoA11yViolations(page);
  await shoot(page, 'audit');

  // The card filter: the card's last four digits keep its rows alone.
  await page.getByRole('textbox', { name: 'Cartão (final ou CPF)' }).fill(last4);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  // Opening the card is on the record too (its full CPF read, decision 108): every row kept is about this card, and
  // the block is one of them. Counted once the filtered list has replaced the whole one.
  await expect(async () => {
    expect(await rows(page).count()).toBeGreaterThan(0);
    expect(
      await rows(page)
        .filter({ hasNotText: `cartão final ${last4}` })
        .count(),
    ).toBe(0);
  }).toPass({ timeout: 20_000 });
  await everyRowDrawn(page);
  const kept = await rows(page).count();
  for (let i = 0; i < kept; i++) await expect(rows(page).nth(i)).toContainText(`cartão final ${last4}`);
  await expect(rows(page).filter({ hasText: 'Bloqueio do cartão' })).toHaveCount(1);
  await expect(page.getByText(`${kept} registros exibidos`)).toBeVisible();
  // Each full-CPF read in words, never the recorded JSON.
  const reads = rows(page).filter({ hasText: 'Consulta de CPF ou endereço completos' });
  for (let i = 0; i < (await reads.count()); i++) {
    await expect(reads.nth(i)).toContainText(/completos? lidos? em .+ às \d{2}:\d{2}:\d{2}/);
    await expect(reads.nth(i)).not.toContainText('"chamada"');
  }

  // The filtered rows as a file: BOM, `;`, CRLF, the block with its before → after.
  const download = await downloadAfter(page, () => page.getByRole('button', { name: 'Exportar CSV' }).click());
  expect(download.suggestedFilename()).toMatch(/^auditoria-\d{14}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes
    .subarray(3)
    .toString('utf8')
    .replace(/\r\n$/, '')
    .split('\r\n')
    .map((l) => l.split(';'));
  expect(lines[0]).toEqual(['Data e hora', 'Login', 'Nome', 'Endereço IP', 'Ação', 'Sobre', 'Antes → depois']);
  expect(lines).toHaveLength(kept + 1);
  for (const line of lines.slice(1)) expect(line[5]).toContain(`cartão final ${last4}`);
  const block = lines.find((line) => line[4] === 'Bloqueio do cartão');
  expect(block?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(:\d{2})?$/);
  expect(block?.[1]).toBe('demo');
  expect(block?.[6]).toContain('Situação: Ativo → Bloqueado');
  // The changes cell holds '; ' between changes (quoted in the file), which this plain split cuts: read it whole.
  expect(block?.slice(6).join(';')).toContain('Motivo do bloqueio: Bloqueio temporário');
  for (const line of lines.slice(1)) expect(line.slice(6).join(';')).not.toContain('chamada');
});

test('a period that ends before it starts is refused with its reason in pt-BR', async ({ page }) => {
  await page.goto('/home/audit');
  await expect(page.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
  await expect(page.getByText(/registros exibidos|Nenhum registro/)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('De', { exact: true }).fill('20/11/2026');
  await page.getByLabel('Até', { exact: true }).fill('10/11/2026');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A data inicial deve ser anterior ou igual à data final.' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'audit-refused');
});
