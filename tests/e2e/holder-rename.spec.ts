// One truth about a holder (issue 13, item 2): renamed in 'Dados do portador', the new name is what the list, the
// CPF search and the details show at once, and again after a reload; nothing in the browser keeps the old one.
import type { Page } from '@playwright/test';
import { flash, listRows, openRow, readRows, widthSlot } from './support/cards.ts';
import { expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 180_000 });

/** Letters only (the name rule), different at every run and width. */
function freshName(slot: number): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `Portador Renomeado ${'abc'[slot]}${letters}`;
}

const nameInList = (page: Page, name: string) =>
  listRows(page).getByRole('button', { name: `Detalhes: ${name}`, exact: true });

test('rename a holder: the list shows the new name at once and after a reload; search and details agree', async ({
  page,
}, info) => {
  await openHome(page);
  const slot = widthSlot(info);
  const row = await openRow(page, 40 + slot);
  const newName = freshName(slot);

  const name = page.getByRole('textbox', { name: 'Nome completo', exact: true });
  await expect(name).toHaveValue(row.name);
  await name.fill(newName);
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await flash(page, 'Informações do cliente atualizadas com sucesso!');
  const summary = page.getByRole('region', { name: 'Resumo do cartão' });
  await expect(summary.getByRole('definition').filter({ hasText: newName })).toBeVisible();

  // Back to the list the way an operator goes, without a reload: the row already says the new name.
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(nameInList(page, newName)).toBeVisible();
  await expect(nameInList(page, row.name)).toHaveCount(0);

  await page.reload();
  await expect(nameInList(page, newName)).toBeVisible({ timeout: 30_000 });
  expect((await readRows(page)).find((r) => r.cpf === row.cpf)?.name).toBe(newName);

  // The CPF search reads the same truth.
  const search = page.getByRole('textbox', { name: 'CPF do portador' });
  await search.pressSequentially(row.cpf.replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Consultar' }).click();
  const found = listRows(page, 'Resultado da busca por CPF');
  await expect(found.getByRole('button', { name: `Detalhes: ${newName}`, exact: true })).toBeVisible();

  // The details, opened again after the reload, too.
  await page
    .getByRole('button', { name: `Detalhes: ${newName}`, exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/home\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Nome completo', exact: true })).toHaveValue(newName);
});
