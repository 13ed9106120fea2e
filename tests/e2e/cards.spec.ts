// Company cards, provider to screen: the list (count, search, sort, keyset pages), the details and every card
// action, at 1280 px (the list's narrow form: list-layout.spec.ts). Tests that change a card pick it from a window
// of rows of their own, so they never meet in parallel workers.
import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import {
  firstActiveIn,
  flash,
  goToPage,
  listOf,
  listRows,
  openCardScreen,
  openRow,
  readRows,
  signInToCompany,
  widthSlot,
} from './support/cards.ts';
import { withCompanyLimit } from './support/company-limit.ts';
import { chooseCompany, openLogin, signIn } from './support/session.ts';
import { expect, openHome, test } from './support/signed-in.ts';

/** Clears a masked field as a person does: select everything, then erase. */
const clearMasked = async (input: Locator) => {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await expect(input).toHaveValue('');
};

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'CPF do portador' });
const searchFor = async (page: Page, digits: string) => {
  await searchBox(page).fill('');
  await searchBox(page).pressSequentially(digits);
  await page.getByRole('button', { name: 'Consultar' }).click();
};

test.describe('cards list', () => {
  test.describe.configure({ timeout: 120_000 });

  test('count, columns, status indicator, sort and the keyset pages with the ellipsis', async ({ page }) => {
    await openHome(page);
    const count = await page.getByText(/cartões cadastrados/).textContent();
    expect(Number(count?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1000);

    const headers = await listOf(page).getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Portador', 'CPF', 'Final do Cartão', 'Status', 'Ver Detalhes']);
    const first = await readRows(page);
    expect(first).toHaveLength(50);
    expect(first.every((r) => /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(r.cpf))).toBe(true);
    // The seeded first holders: an active card, then blocked cards and codes that make it Inativo.
    expect(first.slice(0, 9).map((r) => r.status)).toEqual([
      'Ativo',
      'Inativo',
      'Inativo',
      'Inativo',
      'Inativo',
      'Inativo',
      'Inativo',
      'Inativo',
      'Inativo',
    ]);
    await expectNoA11yViolations(page);

    const sort = page.getByLabel('Ordenar portadores');
    await sort.selectOption({ label: 'Z-A' });
    const desc = (await readRows(page)).map((r) => r.name);
    expect(desc).toEqual([...desc].sort((a, b) => collator.compare(b, a)));
    await sort.selectOption({ label: 'A-Z' });
    const asc = (await readRows(page)).map((r) => r.name);
    expect(asc).toEqual([...asc].sort(collator.compare));
    expect(new Set(asc)).toEqual(new Set(first.map((r) => r.name)));
    await sort.selectOption({ label: 'Ordem de cadastro' });

    const pages = page.getByRole('navigation', { name: 'Paginação dos cartões' });
    for (const n of [1, 2, 15])
      await expect(pages.getByRole('button', { name: `Página ${n}`, exact: true })).toBeVisible();
    await expect(pages.getByText('...', { exact: true })).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Página 16', exact: true })).toHaveCount(0);
    await expect(pages.getByRole('button', { name: 'Página anterior' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Próxima página' }).click();
    await expect(pages.getByText(/^Página 2 de \d+$/)).toBeVisible();
    const second = await readRows(page);
    expect(second[0]!.cpf).not.toBe(first[0]!.cpf);

    await goToPage(page, 6); // a walk of four pages from page 2
    await expect(pages.getByRole('button', { name: 'Página 6', exact: true })).toHaveAttribute('aria-current', 'page');
    const sixth = await readRows(page);
    await pages.getByRole('button', { name: 'Página anterior' }).click();
    await expect(pages.getByText(/^Página 5 de \d+$/)).toBeVisible();
    await goToPage(page, 6); // seen before: one call from page 5
    expect((await readRows(page))[0]!.cpf).toBe(sixth[0]!.cpf);
    await goToPage(page, 1);
    expect((await readRows(page))[0]!.cpf).toBe(first[0]!.cpf);
    await expectNoA11yViolations(page);
  });

  test('search by a known CPF, an unknown one, one of another company, and the validation texts', async ({
    page,
    browser,
  }) => {
    // A holder of company C, which only the operator 'outra' sees.
    const other = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await openLogin(other);
    await signIn(other, 'outra');
    await chooseCompany(other);
    await expect(listRows(other).first()).toBeVisible();
    const foreignCpf = (await readRows(other))[0]!.cpf;
    await other.close();

    await openHome(page);
    const rows = await readRows(page);
    const known = rows[20]!;

    await searchBox(page).pressSequentially(known.cpf.replace(/\D/g, ''));
    await expect(searchBox(page)).toHaveValue(known.cpf);
    await expect(searchBox(page)).toHaveAttribute('maxlength', '14');
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Buscar CPF do portador');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('Resultado da busca por CPF')).toBeVisible();
    const found = await readRows(page, 'Resultado da busca por CPF');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.cpf === known.cpf && r.name === known.name)).toBe(true);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Voltar à lista' }).click();
    await expect(listRows(page)).toHaveCount(50);

    await searchFor(page, '52998224725'); // a valid CPF no seeded holder has
    await expect(page.getByRole('alert').filter({ hasText: 'Usuário não encontrado' })).toBeVisible();

    expect(foreignCpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await searchFor(page, foreignCpf.replace(/\D/g, ''));
    await expect(page.getByRole('alert').filter({ hasText: 'Usuário não encontrado' })).toBeVisible();
    await expect(listRows(page)).toHaveCount(50);

    await searchBox(page).fill('');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Informe o CPF do portador para consultar.' }),
    ).toBeVisible();
    await searchFor(page, '11111111111');
    await expect(page.getByRole('alert').filter({ hasText: 'CPF inválido' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('card details and actions', () => {
  test.describe.configure({ timeout: 240_000 });

  test('summary, holder editor, limit, password unlock, 2ª via, block and unblock, history', async ({ page }, info) => {
    await openHome(page);
    const slot = widthSlot(info);
    const index = await firstActiveIn(page, 9 + slot * 8, 16 + slot * 8);
    const row = await openRow(page, index);

    const summary = page.getByRole('region', { name: 'Resumo do cartão' });
    await expect(summary.getByRole('definition').filter({ hasText: row.name })).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: row.cpf })).toBeVisible();
    await expect(summary.getByText(/^•••• \d{4}$/)).toBeVisible();
    await expect(summary.getByText('Ativo', { exact: true })).toBeVisible();
    await expect(summary.getByText(/Crédito corporativo/)).toBeVisible();
    await expect(summary.getByRole('progressbar', { name: 'Limite utilizado' })).toBeVisible();
    await expect(summary.getByRole('img', { name: /Imagem do cartão: Cartão (Verde|Black)/ })).toBeVisible();
    const cardMenu = page.getByRole('navigation', { name: 'Abas do cartão' });
    await expect(cardMenu.getByRole('link', { name: 'Dados do portador' })).toHaveAttribute('aria-current', 'page');

    // Holder editor, Dados Pessoais.
    await expect(page.getByRole('tab', { name: 'Dados Pessoais' })).toHaveAttribute('aria-selected', 'true');
    await expectNoA11yViolations(page);
    const mother = page.getByRole('textbox', { name: 'Nome da mãe', exact: true });
    await mother.fill('');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Preencha todos os campos obrigatórios' })).toBeVisible();
    await mother.fill('Maria Teste Souza');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await flash(page, 'Informações do cliente atualizadas com sucesso!');

    // Endereço de Entrega do Cartão.
    await page.getByRole('tab', { name: 'Endereço de Entrega do Cartão' }).click();
    const cep = page.getByRole('textbox', { name: 'CEP', exact: true });
    await clearMasked(cep);
    await cep.pressSequentially('0131');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'O campo CEP é inválido.' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Endereço', exact: true }).fill('');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Verifique se todos os campos foram preenchidos!' }),
    ).toBeVisible();
    // A complete CEP fills the street, district, city and state from the lookup (ViaCEP's stand-in, fake-cep.ts).
    await clearMasked(cep);
    await cep.pressSequentially('70040010');
    await expect(cep).toHaveValue('70040-010');
    await expect(page.getByRole('textbox', { name: 'Endereço', exact: true })).toHaveValue(
      'Setor Bancário Norte Quadra 1',
    );
    await expect(page.getByRole('textbox', { name: 'Bairro', exact: true })).toHaveValue('Asa Norte');
    await expect(page.getByRole('textbox', { name: 'Cidade', exact: true })).toHaveValue('Brasília');
    await expect(page.getByRole('textbox', { name: 'Estado', exact: true })).toHaveValue('DF');
    await page.getByRole('textbox', { name: 'Número', exact: true }).fill('1578');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await flash(page, 'Endereço atualizado com sucesso!');
    await expectNoA11yViolations(page);

    // Limit: typed as cents, the new available limit (decision 102); a raise of R$ 1,00 of available is accepted,
    // moves the credit limit by as much and leaves what was used alone (tests/e2e/limits.spec.ts follows it across
    // screens).
    await openCardScreen(page, 'Gestão de Limite');
    const figure = async (label: string) =>
      Number(
        (await page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent())?.replace(
          /\D/g,
          '',
        ),
      );
    const creditCents = await figure('Limite de crédito');
    const usedCents = await figure('Limite utilizado');
    const availableCents = await figure('Limite disponível');
    const input = page.getByRole('textbox', { name: 'Novo limite disponível' });
    await input.pressSequentially(String(availableCents + 100));
    await expect(input).toHaveValue(
      new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format((availableCents + 100) / 100),
    );
    // A raise moves company A's committed limit (limits.spec.ts measures that figure).
    await withCompanyLimit(async () => {
      await page.getByRole('button', { name: 'Alterar limite' }).click();
      await page
        .getByRole('dialog', { name: 'Confirmar alteração de limite' })
        .getByRole('button', { name: 'Confirmar alteração' })
        .click();
      await flash(page, 'Limite alterado com sucesso!');
    });
    await expect(
      page.getByText('Limite de crédito', { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
        .format((creditCents + 100) / 100)
        .replace(/\u00a0/g, ' '),
    );
    expect(await figure('Limite disponível')).toBe(availableCents + 100);
    expect(await figure('Limite utilizado')).toBe(usedCents);
    await expectNoA11yViolations(page);

    // Password unlock.
    await openCardScreen(page, 'Desbloqueio de senha');
    await page.getByRole('button', { name: 'Desbloquear senha' }).click();
    await flash(page, 'Senha desbloqueada com sucesso!');
    await expectNoA11yViolations(page);

    // Second copy: emboss name read first, a reason required, then new last four digits.
    await openCardScreen(page, 'Solicitar 2ª Via');
    await expect(page.getByText('Nome impresso no cartão')).toBeVisible();
    await expect(page.getByText('Cartão para pessoa com deficiência visual')).toBeVisible();
    const before = await summary.getByText(/^•••• \d{4}$/).textContent();
    await page.getByRole('button', { name: 'Solicitar 2ª Via' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'É obrigatório preencher o motivo da Segunda Via!' }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('radio', { name: 'Perda' }).check();
    await page.getByRole('button', { name: 'Solicitar 2ª Via' }).click();
    // Sent from the confirmation, which shows what changes (decision 082).
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar 2ª via' }).click();
    await flash(page, 'Segunda via solicitada com sucesso!');
    await expect(summary.getByText(/^•••• \d{4}$/)).not.toHaveText(before ?? '');

    // Block with a reason, then unblock after the confirmation.
    await openCardScreen(page, 'Bloqueio / Desbloqueio');
    await page.getByRole('button', { name: 'Bloquear cartão' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Por favor selecione o motivo da desativação do cartão.' }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('radio', { name: 'Bloqueio temporário' }).check();
    await page.getByRole('button', { name: 'Bloquear cartão' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar bloqueio' }).click(); // decision 082
    await flash(page, 'Cartão desativado com sucesso!');
    await expect(summary.getByText('Inativo', { exact: true })).toBeVisible();
    await expect(page.getByText('O cartão está bloqueado. Motivo do bloqueio: Bloqueio temporário.')).toBeVisible();
    await page.getByRole('button', { name: 'Desbloquear cartão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desbloquear cartão' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await flash(page, 'Cartão ativado com sucesso!');
    await expect(summary.getByText('Ativo', { exact: true })).toBeVisible();

    // History of a first holder: the seeded authorizations and transactions.
    await openCardScreen(page, 'Transações');
    await expect(page.getByRole('heading', { name: 'Histórico de autorizações' })).toBeVisible();
    const history = page.locator('[aria-label="Histórico de autorizações"]').first();
    await expect(history).toBeVisible();
    await expect(history.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).first()).toBeVisible();
    await expect(history.getByText(/^(APROVADA|NEGADA|CANCELADA)$/).first()).toBeVisible();
    await expect(page.getByText('PENDENTE', { exact: true })).toHaveCount(0);
    await expect(page.locator('[aria-label="Transações das faturas"]').first()).toBeVisible();
    await expectNoA11yViolations(page);

    // Back on the list, the row shows the card as it is now.
    await page.getByRole('link', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect((await readRows(page))[index]!.status).toBe('Ativo');
  });

  test('permanently blocked and cancelled cards: the unavailable texts and refusals', async ({ page }) => {
    await openHome(page);
    await openRow(page, 8); // the seeded permanently blocked card (activeFlag N)
    await openCardScreen(page, 'Bloqueio / Desbloqueio');
    await expect(
      page.getByText(/bloqueado permanentemente\. Não é possível bloqueá-lo nem desbloqueá-lo/),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await openCardScreen(page, 'Desbloqueio de senha');
    await expect(
      page.getByText(/bloqueado permanentemente\. O desbloqueio de senha não está disponível/),
    ).toBeVisible();
    await openCardScreen(page, 'Gestão de Limite');
    await expect(page.getByText(/bloqueado permanentemente\. A gestão de limite não está disponível/)).toBeVisible();

    await page.getByRole('link', { name: 'Voltar' }).click();
    await openRow(page, 7); // the seeded cancelled account
    await expect(page.getByRole('region', { name: 'Resumo do cartão' }).getByText('Conta cancelada')).toBeVisible();
    await openCardScreen(page, 'Cancelar conta cartão');
    await expect(page.getByText('Esta conta cartão já está cancelada. Não há nada a cancelar.')).toBeVisible();
    await expectNoA11yViolations(page);
    await openCardScreen(page, 'Solicitar 2ª Via');
    await page.getByRole('radio', { name: 'Outros' }).check();
    await page.getByRole('button', { name: 'Solicitar 2ª Via' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar 2ª via' }).click(); // decision 082
    await flash(page, 'No momento não foi possivel solicítar a seguda via do cartão.');
    await expect(page.getByRole('alert').filter({ hasText: 'A conta cartão está cancelada' })).toBeVisible();
  });

  test('cancel a card account after the confirmation, back to /home', async ({ page }, info) => {
    await openHome(page);
    const slot = widthSlot(info);
    const index = await firstActiveIn(page, 33 + slot * 5, 37 + slot * 5);
    const row = await openRow(page, index);
    await openCardScreen(page, 'Cancelar conta cartão');
    await page.getByRole('button', { name: 'Cancelar conta cartão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar conta cartão' });
    await expect(dialog.getByText(`Tem certeza que deseja cancelar a conta cartão de ${row.name}?`)).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Cancelar conta cartão' }).click();
    // A cancelled account no longer commits its limit in company A (limits.spec.ts measures that figure).
    await withCompanyLimit(async () => {
      await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
      await flash(page, 'Conta Cartão cancelada com sucesso!');
    });
    await expect(page).toHaveURL(/\/home$/);
    expect((await readRows(page))[index]!.status).toBe('Inativo');
  });

  test('a screen left open after another operator acted: block and unblock refused', async ({
    page,
    browser,
  }, info) => {
    const other = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    const slot = widthSlot(info);
    await openHome(page);
    await signInToCompany(other);
    for (const p of [page, other]) await p.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
    await expect(other.getByText(/^Página 2 de \d+$/)).toBeVisible();
    const index = await firstActiveIn(page, 30 + slot * 6, 35 + slot * 6);
    await openRow(page, index);
    await openRow(other, index);
    await openCardScreen(page, 'Bloqueio / Desbloqueio');
    await openCardScreen(other, 'Bloqueio / Desbloqueio');

    await other.getByRole('radio', { name: 'Perda' }).check();
    await other.getByRole('button', { name: 'Bloquear cartão' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Confirmar bloqueio' }).click(); // decision 082
    await flash(other, 'Cartão desativado com sucesso!');
    await page.getByRole('radio', { name: 'Roubo' }).check();
    await page.getByRole('button', { name: 'Bloquear cartão' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar bloqueio' }).click(); // decision 082
    await flash(page, 'No momento seu cartão não está disponível para desativação.');
    await expect(page.getByRole('alert').filter({ hasText: 'O cartão já está bloqueado.' })).toBeVisible();

    await openCardScreen(page, 'Dados do portador');
    await openCardScreen(page, 'Bloqueio / Desbloqueio');
    await expect(page.getByRole('button', { name: 'Desbloquear cartão' })).toBeVisible();
    await other.getByRole('button', { name: 'Desbloquear cartão' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await flash(other, 'Cartão ativado com sucesso!');
    await page.getByRole('button', { name: 'Desbloquear cartão' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await flash(page, 'No momento seu cartão não está disponível para ativação.');
    await other.close();
  });

  test('history of a holder without any: the empty texts', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
    await openRow(page, 20); // the seeded history covers the first 60 holders only
    await openCardScreen(page, 'Transações');
    await expect(page.getByText('Nenhum Histórico de Autorização disponível no momento')).toBeVisible();
    await expect(page.getByText('Nenhuma transação disponível nas últimas faturas.')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test("/home's answers are checked in the answers' worker, and the CPF box masks what is typed once it is used", async ({
  page,
}) => {
  // Decision 153: the contract's schemas are built, and every answer parsed, off the page's main thread. A worker
  // the CSP or the build broke would leave the page checking answers itself, unnoticed by every other test.
  const answers = page.waitForEvent('worker', (worker) => worker.url().includes('answers.worker'));
  await openHome(page);
  const worker = await answers;
  expect(await worker.evaluate(() => self.name)).toBe('fidis-answers');
  // The rows came through it: the list's answer was parsed there and shown (openHome waited for the first row).
  await expect(listRows(page)).not.toHaveCount(0);

  await searchBox(page).pressSequentially('12345678909');
  await expect(searchBox(page)).toHaveValue('123.456.789-09');
});
