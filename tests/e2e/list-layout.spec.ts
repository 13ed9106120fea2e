// The two lists that change form with the width, at every width of the matrix: the cards list is a table from
// 576 px and labelled items below it; the users table shows Login and Celular from 768 px only. Read-only. What
// the lists do (sort, pages, search, editing users) is tested once, at 1280 px, in cards.spec.ts and users.spec.ts.
import { expectNoA11yViolations } from './support/a11y.ts';
import { listOf, listRows, readRows } from './support/cards.ts';
import { expect, openHome, test } from './support/signed-in.ts';

test('the cards list: a table from 576 px, labelled items below it, the same rows either way', async ({ page }) => {
  await openHome(page);
  if ((page.viewportSize()?.width ?? 0) >= 576) {
    await expect(listOf(page).getByRole('columnheader')).toHaveText([
      'Portador',
      'CPF',
      'Final do Cartão',
      'Status',
      'Ver Detalhes',
    ]);
  } else {
    await expect(listRows(page).first().locator('dt')).toHaveText(['CPF', 'Final do Cartão', 'Status']);
  }
  const rows = await readRows(page);
  expect(rows).toHaveLength(50);
  expect(rows.every((r) => r.name !== '' && /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(r.cpf))).toBe(true);
  await expectNoA11yViolations(page);
});

test('the users table: Login and Celular from 768 px, hidden below it', async ({ page }) => {
  await page.goto('/home/user/management/manage');
  const table = page.getByRole('table', { name: 'Usuários do portal da empresa' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  // A seeded operator no spec of the main product changes (src/provider/db/seed/seed.ts, TEAM).
  const row = table.getByRole('row').filter({ hasText: 'Bruno Carvalho Lima' });
  await expect(row).toBeVisible();
  const phone = row.getByText(/^\+55 \(11\) 9\d{4}-\d{4}$/);
  const login = row.getByText('bruno.lima', { exact: true });
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await expect(table.getByRole('columnheader', { name: 'Login' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Celular' })).toBeVisible();
    await expect(login).toBeVisible();
    await expect(phone).toBeVisible();
  } else {
    await expect(table.getByRole('columnheader', { name: 'Login' })).toBeHidden();
    await expect(table.getByRole('columnheader', { name: 'Celular' })).toBeHidden();
    await expect(login).toBeHidden();
    await expect(phone).toBeHidden();
  }
  await expectNoA11yViolations(page);
});
