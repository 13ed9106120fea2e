// The company screen (Gestão da Empresa, decision 27), opened from the company's name in the sidebar:
// the company's data, its relationship card, the kept card total and its portal users. Read-only.
import { expectNoA11yViolations } from './support/a11y.ts';
import { expect, openHome, SIGNED_IN_COMPANY, test } from './support/signed-in.ts';

const COUNT = /^\d{1,3}(\.\d{3})*$/;

test('the company screen opens from the company name and shows its data, cards and users', async ({ page }) => {
  await openHome(page);

  // At 1280 px the company name is in the sidebar (below 992 px in the drawer: shell-layout.spec.ts).
  await page.locator('aside').getByRole('link', { name: SIGNED_IN_COMPANY }).click();
  await expect(page).toHaveURL(/\/home\/company\/management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão da Empresa' })).toBeVisible();

  const value = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Razão social')).toHaveText(SIGNED_IN_COMPANY);
  await expect(value('CNPJ')).toHaveText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  await expect(value('Cartão do relacionamento')).toHaveText(/^Final \d{4}$/);

  const cards = page.getByRole('region', { name: 'Cartões' });
  const users = page.getByRole('region', { name: 'Usuários do portal' });
  await expect(cards.getByText(COUNT)).toBeVisible();
  const total = Number((await cards.getByText(COUNT).textContent())?.replace(/\./g, ''));
  expect(total).toBeGreaterThanOrEqual(1000); // the demo company's seeded accounts, plus any requested since
  await expect(users.getByText(/^\d+ ativos?$/)).toBeVisible();
  await expectNoA11yViolations(page);

  await cards.getByRole('link', { name: 'Ver cartões' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cartões da empresa' })).toBeVisible();
});
