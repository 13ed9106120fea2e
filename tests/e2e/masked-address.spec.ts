// Consulta's masked address (issue 16; decision 093): a card's "Endereço de Entrega do Cartão" shows the street,
// number, complement, district and most of the CEP as •••; "Mostrar endereço" reveals the full address in place, and an
// Administrador's "Auditoria" shows the reveal with who made it. The Administrador sees the address form whole.
import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { openRow } from './support/cards.ts';
import { signInAsProfile } from './support/profiles.ts';

test.describe.configure({ timeout: 180_000 });

const MASKED_CEP = /^\d{2}•••-•••$/;
const FULL_CEP = /^\d{5}-\d{3}$/;
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function openAddress(page: Page) {
  await page.getByRole('tab', { name: 'Endereço de Entrega do Cartão' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Endereço de Entrega do Cartão' })).toBeVisible();
}

test('Consulta sees the address masked, "Mostrar endereço" reveals it, and the Administrador’s trail shows it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsProfile(page, 'CONSULTA');
  await openRow(page, 1);
  const holder =
    (await page.getByRole('region', { name: 'Resumo do cartão' }).locator('dd').first().textContent()) ?? '';
  await openAddress(page);
  await expect(field(page, 'CEP')).toHaveValue(MASKED_CEP);
  for (const name of ['Endereço', 'Número', 'Bairro']) await expect(field(page, name)).toHaveValue('•••');
  const city = await field(page, 'Cidade').inputValue();
  expect(city).not.toContain('•');
  await expect(page.getByRole('button', { name: 'Salvar Alterações' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const masked = await field(page, 'CEP').inputValue();
  // Keyboard: the button is reached and pressed like any other, and the focus lands on the revealed CEP.
  await page.getByRole('button', { name: 'Mostrar endereço' }).focus();
  await page.keyboard.press('Enter');
  await expect(field(page, 'CEP')).toHaveValue(FULL_CEP);
  await expect(field(page, 'CEP')).toBeFocused();
  const cep = await field(page, 'CEP').inputValue();
  expect(cep.slice(0, 2)).toBe(masked.slice(0, 2));
  const street = await field(page, 'Endereço').inputValue();
  expect(street).not.toContain('•');
  expect(street.length).toBeGreaterThan(3);
  await expect(field(page, 'Número')).not.toHaveValue('•••');
  await expect(field(page, 'Bairro')).not.toHaveValue('•••');
  await expect(field(page, 'Cidade')).toHaveValue(city);
  await expect(page.getByRole('button', { name: 'Mostrar endereço' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const admin = await browser.newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await signInAsProfile(admin, 'ADMINISTRADOR');
  // The Administrador sees the same card's address whole, in the form, with no "mostrar".
  await openRow(admin, 1);
  await openAddress(admin);
  await expect(field(admin, 'CEP')).toHaveValue(cep);
  await expect(field(admin, 'Endereço')).toHaveValue(street);
  await expect(admin.getByRole('button', { name: 'Mostrar endereço' })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Salvar Alterações' })).toBeEnabled();

  await admin.getByRole('link', { name: 'Auditoria' }).first().click();
  await expect(admin).toHaveURL(/\/home\/audit$/);
  const trail = admin.locator('[aria-label="Auditoria"]').first().locator(':scope > tbody > tr, :scope > li');
  // Newest first: the reveal is the newest row of its kind.
  const first = trail.filter({ hasText: 'Exibição do endereço' }).first();
  await expect(first).toBeVisible();
  await expect(first).toContainText('consulta');
  await expect(first).toContainText(holder.trim());
  expect(await first.textContent()).not.toContain(street);
  await admin.close();
});
