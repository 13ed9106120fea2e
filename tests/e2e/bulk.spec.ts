// Bulk changes from a CSV with a dry run (issue 18, item 2; decision 085): the template downloads; a limits file of
// two good rows and one bad is checked row by row and changes nothing; confirmed, it is applied with a progress bar
// and a result file; the same file again is answered as already applied and changes nothing more.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { bulkScreenshots, openBulk, resultRow, uploadCsv } from './support/bulk.ts';
import { goToPage, listRows, openCardScreen, openRow, readRows } from './support/cards.ts';
import { withCompanyLimit } from './support/company-limit.ts';
import { expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 240_000 });

const HEADER = 'CPF;Final do cartão;Novo limite disponível';
const cents = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const typed = (c: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(c / 100);

interface Holder {
  index: number;
  cpf: string;
  last4: string;
}

/** Page 2 of the cards list: no other spec changes those holders. */
async function openListPage2(page: Page) {
  await openHome(page);
  await goToPage(page, 2);
}

/** The limit screen's credit limit, used and available amounts of the holder, in centavos. */
async function limitOf(page: Page, holder: Holder) {
  await openListPage2(page);
  await openRow(page, holder.index);
  await openCardScreen(page, 'Gestão de Limite');
  const value = async (label: string) =>
    cents(await page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent());
  await expect(page.getByText('Limite de crédito', { exact: true })).toBeVisible();
  return {
    limit: await value('Limite de crédito'),
    used: await value('Limite utilizado'),
    available: await value('Limite disponível'),
  };
}

test('limits from a CSV: template, dry run with reasons, apply with progress and result file, re-upload applies nothing', async ({
  page,
}) => {
  // Two active holders of page 2 of the list, their CPF and card ending as the list shows them.
  await openListPage2(page);
  const listed = await readRows(page);
  const holders: Holder[] = [];
  for (let i = 0; i < listed.length && holders.length < 2; i++) {
    const row = listed[i];
    if (row?.status !== 'Ativo') continue;
    const last4 = ((await listRows(page).nth(i).locator('td').nth(2).textContent()) ?? '').replace(/\D/g, '');
    holders.push({ index: i, cpf: row.cpf, last4 });
  }
  const [a, b] = holders as [Holder, Holder];

  await withCompanyLimit(async () => {
    // New available limits below today's (decision 102: the credit limit becomes each plus what the card used), so
    // nothing the relationship's free limit could refuse.
    const before = { a: await limitOf(page, a), b: await limitOf(page, b) };
    const wanted = {
      a: Math.max(1_00, before.a.available - 10_000),
      b: Math.max(1_00, before.b.available - 20_000),
    };
    const wrongCpf = `${a.cpf.slice(0, -1)}${(Number(a.cpf.at(-1)) + 1) % 10}`;
    const file = [
      HEADER,
      `${a.cpf};${a.last4};${typed(wanted.a)}`,
      `${wrongCpf};${a.last4};1.000,00`,
      `${b.cpf};${b.last4};${typed(wanted.b)}`,
    ].join('\r\n');

    // The template: ';', BOM, the header and one example row.
    await openBulk(page);
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar modelo CSV' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('modelo-limits.csv');
    const templateText = readFileSync((await template.path()) as string, 'utf8');
    expect(templateText).toBe(`\uFEFF${HEADER}\r\n529.982.247-25;1234;1.500,00\r\n`);

    // A file that is not the template's is refused with the reason, and nothing else happens.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'outro.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Nome,Valor\nAna,10\n'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'O cabeçalho do arquivo não é o do modelo' })).toBeVisible();

    // The dry run: each row's result and reason; nothing changed.
    await uploadCsv(page, file);
    await expect(page.getByRole('heading', { name: 'Conferência do arquivo' })).toBeFocused({ timeout: 30_000 });
    await expect(page.getByTestId('bulk-counts')).toHaveText('2 linhas válidas, 1 com erro');
    await expect(resultRow(page, 2)).toContainText('Válida');
    await expect(resultRow(page, 3)).toContainText('Erro');
    await expect(resultRow(page, 3)).toContainText('CPF inválido');
    await expect(resultRow(page, 4)).toContainText(`novo limite disponível R$\u00a0${typed(wanted.b)}`);
    // Atual → novo on each row the dry run ran, and every cut flagged (issue 27).
    await expect(resultRow(page, 2)).toContainText(`R$\u00a0${typed(before.a.available)} → R$\u00a0${typed(wanted.a)}`);
    await expect(resultRow(page, 4)).toContainText(`R$\u00a0${typed(before.b.available)} → R$\u00a0${typed(wanted.b)}`);
    const cuts = [wanted.a < before.a.available, wanted.b < before.b.available].filter(Boolean).length;
    await expect(resultRow(page, 2).getByText('Redução', { exact: true })).toHaveCount(
      wanted.a < before.a.available ? 1 : 0,
    );
    if (cuts > 0)
      await expect(page.getByTestId('bulk-cuts')).toHaveText(
        `${cuts} ${cuts === 1 ? 'linha reduz' : 'linhas reduzem'} o limite disponível`,
      );
    await expectNoA11yViolations(page);
    await bulkScreenshots(page, 'preview');
    expect((await limitOf(page, a)).limit).toBe(before.a.limit);

    // Confirmed: applied with a progress bar, a result per row and a result file.
    await openBulk(page);
    await uploadCsv(page, file);
    await expect(page.getByTestId('bulk-counts')).toHaveText('2 linhas válidas, 1 com erro', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Aplicar alterações' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aplicar alterações em lote' });
    await expect(dialog).toContainText('2 linhas serão aplicadas');
    await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeFocused();
    if (cuts > 0) await expect(dialog).toContainText('o limite disponível de um cartão');
    await dialog.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Resultado da aplicação' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('progressbar', { name: 'Progresso da aplicação' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(page.getByTestId('bulk-result-counts')).toHaveText('2 aplicadas, 1 recusada, 0 já aplicadas antes');
    await expect(resultRow(page, 2)).toContainText('Aplicada');
    await expect(resultRow(page, 3)).toContainText('CPF inválido');
    await expectNoA11yViolations(page);
    const [result] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar resultado (CSV)' }).click(),
    ]);
    const resultText = readFileSync((await result.path()) as string, 'utf8');
    expect(resultText.split('\r\n').slice(0, 3)).toEqual([
      `\uFEFFLinha;${HEADER};Resultado;Motivo`,
      `2;${a.cpf};${a.last4};${typed(wanted.a)};Aplicada;Alteração aplicada`,
      `3;${wrongCpf};${a.last4};1.000,00;Recusada;CPF inválido`,
    ]);
    await bulkScreenshots(page, 'result');
    expect(await limitOf(page, a)).toEqual({
      limit: wanted.a + before.a.used,
      used: before.a.used,
      available: wanted.a,
    });
    expect(await limitOf(page, b)).toEqual({
      limit: wanted.b + before.b.used,
      used: before.b.used,
      available: wanted.b,
    });

    // The same file again: the preview and the apply say "already applied"; the limits stay.
    await openBulk(page);
    await uploadCsv(page, file);
    await expect(page.getByTestId('bulk-counts')).toHaveText(
      '0 linhas válidas, 1 com erro · 2 linhas já aplicadas anteriormente',
      { timeout: 30_000 },
    );
    await expect(resultRow(page, 2)).toContainText(/Já aplicada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} por /);
    await page.getByRole('button', { name: 'Aplicar alterações' }).click();
    await page
      .getByRole('dialog', { name: 'Aplicar alterações em lote' })
      .getByRole('button', { name: 'Aplicar', exact: true })
      .click();
    await expect(page.getByTestId('bulk-result-counts')).toHaveText('0 aplicadas, 1 recusada, 2 já aplicadas antes', {
      timeout: 30_000,
    });
    await expect(resultRow(page, 4)).toContainText('Já aplicada');
    expect((await limitOf(page, a)).available).toBe(wanted.a);
  });
});

test('card requests from a CSV, by keyboard: the dry run gives each refused row its reason and applies nothing', async ({
  page,
}) => {
  await openHome(page);
  await openBulk(page);
  await page.getByRole('radio', { name: 'Solicitações de cartão' }).check();
  const columns =
    'CPF;Nome completo;Nome no cartão;Data de nascimento;Sexo;Nome da mãe;E-mail;DDD celular;Celular;CEP;Endereço;Número;Complemento;Bairro;Cidade;UF;Limite';
  const person = (cpf: string, cep: string, birth = '10/05/1990') =>
    `${cpf};Joana Prado Lima;JOANA P LIMA;${birth};F;Clara Prado Lima;joana@empresa.com.br;11;912345678;${cep};Rua das Flores;120;;Centro;São Paulo;SP;1.000,00`;
  const file = [
    columns,
    person('529.982.247-25', '01310-100'),
    person('111.444.777-35', '0131-100'),
    person('390.533.447-05', '01310-100', '31/02/1990'),
  ].join('\r\n');

  // The file button is reached and pressed with the keyboard; the browser's file chooser takes the file.
  const choose = page.getByRole('button', { name: 'Escolher arquivo' });
  // Listening before the focus, so Playwright has taken the browser's file chooser over before the key is pressed:
  // with the two in the same breath, a CI run once waited its whole timeout for a chooser it never saw (a retry).
  const choosing = page.waitForEvent('filechooser');
  await choose.focus();
  await page.keyboard.press('Enter');
  const chooser = await choosing;
  await chooser.setFiles({ name: 'cartoes.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });

  await expect(page.getByTestId('bulk-counts')).toHaveText('1 linha válida, 2 com erro', { timeout: 30_000 });
  await expect(resultRow(page, 3)).toContainText('O campo CEP é inválido.');
  await expect(resultRow(page, 4)).toContainText('Data de nascimento inválido');
  await expect(resultRow(page, 2)).toContainText('Joana Prado Lima (CPF 529.982.247-25)');
  await expectNoA11yViolations(page);
  await bulkScreenshots(page, 'cards-preview');
  // Nothing was written: the CPF has no card in the company.
  await page.goto('/home');
  const search = page.getByPlaceholder('Buscar CPF do portador');
  await search.pressSequentially('52998224725');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('Usuário não encontrado').first()).toBeVisible();
});
