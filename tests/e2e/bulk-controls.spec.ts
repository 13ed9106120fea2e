// Bulk changes, the spending controls kind (issue 30, decision 136): a CSV of one good row and one bad is checked —
// the good row shows its controls atual → novo and its 30-day impact, the bad one its reason — applied after the
// confirmation, and the card's own controls screen then shows what the row set, before and after a reload. The
// holder is page 5's first active one, which no other spec changes.
import { expectNoA11yViolations } from './support/a11y.ts';
import { bulkScreenshots, openBulk, resultRow, uploadCsv } from './support/bulk.ts';
import { goToPage, listRows, openCardScreen, openRow, readRows } from './support/cards.ts';
import { expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 240_000 });

const HEADER =
  'CPF;Final do cartão;Categorias bloqueadas;Compras internacionais;Compras on-line;Saques em dinheiro;Máximo por compra;Máximo por dia;Máximo por mês';

test('spending controls from a CSV: dry run with atual → novo and impact, apply, the card shows them after a reload', async ({
  page,
}) => {
  await openHome(page);
  await goToPage(page, 5);
  const listed = await readRows(page);
  const index = listed.findIndex((row) => row.status === 'Ativo');
  expect(index).toBeGreaterThanOrEqual(0);
  const cpf = listed[index]?.cpf as string;
  const last4 = ((await listRows(page).nth(index).locator('td').nth(2).textContent()) ?? '').replace(/\D/g, '');

  await openBulk(page);
  await page.getByRole('radio', { name: 'Controles de gasto' }).check();
  await expect(
    page.getByText(/Uma linha por cartão: CPF do portador, final do cartão, categorias bloqueadas/),
  ).toBeVisible();
  const file = [
    HEADER,
    `${cpf};${last4};Jogos e apostas, Combustível;Não;Sim;Não;150,00;;`,
    `${cpf};${last4};Cassinos;Sim;Sim;Sim;;;`,
  ].join('\r\n');
  await uploadCsv(page, file, 'controles.csv');

  // The dry run: nothing written; the good row's changes in the trail's words and its impact, the bad row's reason.
  await expect(page.getByTestId('bulk-counts')).toHaveText('1 linha válida, 1 com erro');
  const good = resultRow(page, 2);
  await expect(good).toContainText('Controles: nenhum → do cartão');
  await expect(good).toContainText('Categorias bloqueadas: nenhuma → Combustível, Jogos e apostas');
  await expect(good).toContainText('Máximo por compra: sem limite → R$ 150,00');
  await expect(good.getByTestId('bulk-controls-impact')).toHaveText(
    /^Últimos 30 dias: (\d+ de \d+ compras? (seria negada|seriam negadas)|nenhuma compra aprovada neste cartão)$/,
  );
  await expect(resultRow(page, 3)).toContainText('Categoria desconhecida: Cassinos.');
  await expectNoA11yViolations(page);
  await bulkScreenshots(page, 'bulk-controls-dry-run');

  await page.getByRole('button', { name: 'Aplicar alterações' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aplicar alterações em lote' });
  await dialog.getByRole('button', { name: 'Aplicar', exact: true }).click();
  // Applying writes each row on the provider (and its audit): as long as bulk.spec.ts allows it under a CI run's load.
  await expect(page.getByTestId('bulk-result-counts')).toHaveText('1 aplicada, 1 recusada, 0 já aplicadas antes', {
    timeout: 30_000,
  });

  // The card's own controls screen shows what the row set, and so it does after a reload.
  await openHome(page);
  await goToPage(page, 5);
  await openRow(page, index);
  await openCardScreen(page, 'Controles de gasto');
  for (const pass of ['opened', 'reloaded']) {
    if (pass === 'reloaded') {
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: 'Controles de gasto' })).toBeVisible();
    }
    await expect(page.getByText('Este cartão tem controles próprios.')).toBeVisible();
    await expect(page.getByLabel('Jogos e apostas')).toBeChecked();
    await expect(page.getByLabel('Combustível')).toBeChecked();
    await expect(page.getByLabel('Restaurantes e lanchonetes')).not.toBeChecked();
    await expect(page.getByLabel('Compras internacionais')).not.toBeChecked();
    await expect(page.getByLabel('Compras on-line')).toBeChecked();
    await expect(page.getByLabel('Saques em dinheiro')).not.toBeChecked();
    await expect(page.getByLabel('Máximo por compra')).toHaveValue(/150,00/);
    await expect(page.getByLabel('Máximo por dia')).toHaveValue('');
  }
});
