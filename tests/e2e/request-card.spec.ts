// New-card requests, provider to screen: each product requested for a CPF of its own (derived from the project
// name, so a run at another width would not collide), then found in the cards list; the same CPF again is refused
// (code 6); a relationship without free limit is refused (code 38); the form's own checks.
import type { Page, TestInfo } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { readRows } from './support/cards.ts';
import { withCompanyLimit } from './support/company-limit.ts';
import { chooseCompany } from './support/session.ts';
import { expect, test } from './support/signed-in.ts';

/** A valid CPF from a label: nine digits from an FNV-1a hash of it, then the two check digits. */
function cpfOf(label: string): string {
  let hash = 0x811c9dc5;
  for (const ch of `fidis:${label}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  let base = String(hash % 1_000_000_000).padStart(9, '0');
  if (/^(\d)\1{8}$/.test(base)) base = `${base.slice(0, 8)}${(Number(base[8]) + 1) % 10}`;
  const dv = (digits: string, start: number) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (start - i), 0);
    const rest = sum % 11;
    return String(rest < 2 ? 0 : 11 - rest);
  };
  const first = dv(base, 10);
  return `${base}${first}${dv(base + first, 11)}`;
}

const PRODUCTS = [{ name: 'Cartão Verde' }, { name: 'Cartão Black' }] as const;

const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/** The request form in the signed-in state's company, or in another one chosen as 'Mudar empresa' does. */
async function openRequest(page: Page, company?: RegExp) {
  if (company) {
    await page.goto('/choose/company');
    await chooseCompany(page, company);
    await expect(page).toHaveURL(/\/home$/);
  }
  await page.goto('/home/requestcard');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitar Cartão' })).toBeVisible({ timeout: 30_000 });
}

async function chooseProduct(page: Page, product: string) {
  await page.getByRole('button', { name: new RegExp(product) }).click();
  await expect(page.getByRole('button', { name: 'Finalizar Solicitação' })).toBeVisible();
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A text field by its accessible name (the label without the required asterisk). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

interface Holder {
  cpf: string;
  name: string;
  limit: string;
}

async function fillHolder(page: Page, holder: Holder) {
  await field(page, 'CPF').pressSequentially(holder.cpf);
  await field(page, 'Nome completo').fill(holder.name);
  await field(page, 'Nome impresso no cartão').fill(holder.name.toUpperCase().slice(0, 26));
  await field(page, 'Nome da mãe').fill('Helena Costa Araújo');
  await field(page, 'Data de nascimento').pressSequentially('29021988');
  await pick(page, 'Estado civil', 'Solteiro(a)');
  await pick(page, 'Sexo', 'Feminino');
  await field(page, 'E-mail').fill('portador.novo@exemplo.com.br');
  await field(page, 'DDD celular').fill('19');
  await field(page, 'Celular').fill('991234567');
  await expect(field(page, 'Celular')).toHaveValue('99123-4567');
  await field(page, 'Limite de crédito').fill(holder.limit);
  await pick(page, 'Tipo de endereço', 'Residencial');
  await field(page, 'CEP').pressSequentially('13010100');
  await field(page, 'Logradouro').fill('Rua das Acácias');
  await field(page, 'Número').fill('120');
  await field(page, 'Complemento').fill('Apto 31 B');
  await field(page, 'Bairro').fill('Centro');
  await field(page, 'Estado (UF)').fill('SP');
  await field(page, 'Cidade').fill('Campinas');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Finalizar Solicitação' }).click();
const formAlert = (page: Page) => page.locator('form').getByRole('alert');
const nameFor = (info: TestInfo, product: string) =>
  `${product === 'Cartão Verde' ? 'Lívia' : 'Otávio'} ${['Prado', 'Teles', 'Lacerda'][['mobile-360', 'tablet-768', 'desktop-1280'].indexOf(info.project.name)]} Nogueira`;

test.describe('card request', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const product of PRODUCTS) {
    test(`a complete request for the ${product.name}, found in the cards list, then the same CPF refused`, async ({
      page,
    }, info) => {
      const cpf = cpfOf(`${info.project.name}:${product.name}`);
      const holder = { cpf, name: nameFor(info, product.name), limit: '150000' };
      await openRequest(page);
      await expect(page.getByRole('button', { name: /Cartão Verde/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /Cartão Black/ })).toBeVisible();
      await expectNoA11yViolations(page);

      await chooseProduct(page, product.name);
      // The chosen product by its name, no internal logo code (decision 135).
      await expect(page.locator('p').getByText(product.name, { exact: true })).toBeVisible();
      await expect(page.getByText(/logo 00/i)).toHaveCount(0);
      await expect(field(page, 'Dia de vencimento')).toHaveValue('22');
      await expect(field(page, 'Dia de vencimento')).toBeDisabled();
      // Nothing chosen for the operator (issue 27).
      await expect(field(page, 'Renda mensal')).toHaveValue('');
      await expect(page.getByRole('combobox', { name: 'Estado civil' })).toHaveValue('');
      await expect(page.getByRole('combobox', { name: 'Sexo' })).toHaveValue('');
      await fillHolder(page, holder);
      await expect(field(page, 'CPF')).toHaveValue(formatCpf(cpf));
      await expect(field(page, 'Limite de crédito')).toHaveValue('1.500,00');
      await expectNoA11yViolations(page);
      // A new card commits its limit in company A (limits.spec.ts measures that figure).
      await withCompanyLimit(async () => {
        await submit(page);
        await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
        await expect(page.getByText('Proposta gerada com sucesso!')).toBeVisible();
      });
      const search = page.getByRole('textbox', { name: 'CPF do portador' });
      await search.pressSequentially(cpf);
      await page.getByRole('button', { name: 'Consultar' }).click();
      await expect(page.getByText('Resultado da busca por CPF')).toBeVisible();
      const found = await readRows(page, 'Resultado da busca por CPF');
      expect(found).toEqual([{ name: holder.name, cpf: formatCpf(cpf), status: 'Ativo' }]);

      // The same person again, in the same relationship: code 6.
      await page.goto('/home/requestcard');
      await chooseProduct(page, product.name);
      await fillHolder(page, holder);
      await submit(page);
      await expect(formAlert(page)).toHaveText(
        'Não foi possível solicitar cartão, CPF não autorizado para essa operação.',
      );
      await expect(page).toHaveURL(/\/home\/requestcard$/);
      await expect(field(page, 'Nome completo')).toHaveValue(holder.name);
    });
  }

  test('a relationship without free limit is refused with the code 38 text', async ({ page }, info) => {
    await openRequest(page, /Construtora Vale Verde/);
    await chooseProduct(page, 'Cartão Verde');
    await fillHolder(page, { cpf: cpfOf(`${info.project.name}:38`), name: 'Rute Andrade Pires', limit: '500000' });
    await submit(page);
    await expect(formAlert(page)).toHaveText('A relação proposta não tem limite disponível.');
    await expect(page).toHaveURL(/\/home\/requestcard$/);
    await expectNoA11yViolations(page);
  });

  test('the form’s own checks, with the spec texts, keep what was typed', async ({ page }, info) => {
    await openRequest(page);
    await chooseProduct(page, 'Cartão Black');
    await submit(page);
    await expect(formAlert(page)).toHaveText('Por favor verifique seus dados pessoais.');
    // Each field says what it needs under itself, and the first one has the focus (issue 27).
    await expect(field(page, 'CPF')).toBeFocused();
    await expect(field(page, 'CPF')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Cidade')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Preencha este campo.').first()).toBeVisible();
    await fillHolder(page, { cpf: cpfOf(`${info.project.name}:checks`), name: 'Sara Lopes Vidal', limit: '100000' });
    await field(page, 'Data de nascimento').fill('');
    await field(page, 'Data de nascimento').pressSequentially('29022023');
    await submit(page);
    await expect(formAlert(page)).toHaveText('Data de nascimento inválido');
    await field(page, 'Data de nascimento').fill('');
    await field(page, 'Data de nascimento').pressSequentially('29022024');
    await field(page, 'Nome completo').fill('Sara');
    await submit(page);
    await expect(formAlert(page)).toHaveText('O nome deve ter nome e sobrenome, sem números ou caracteres especiais.');
    await field(page, 'Nome completo').fill('Sara Lopes Vidal');
    await field(page, 'CPF').fill('');
    await field(page, 'CPF').pressSequentially('11111111111');
    await submit(page);
    await expect(formAlert(page)).toHaveText('CPF inválido');
    await field(page, 'Logradouro').fill('');
    await submit(page);
    await expect(formAlert(page)).toHaveText('Por favor os dados do endereço resiencial.');
    await expect(field(page, 'Logradouro')).toHaveAttribute('aria-invalid', 'true');
    await pick(page, 'Tipo de endereço', 'Comercial');
    await submit(page);
    await expect(formAlert(page)).toHaveText('Por favor os dados do endereço comercial.');
    await expect(field(page, 'E-mail')).toHaveValue('portador.novo@exemplo.com.br');
    await expectNoA11yViolations(page);
  });
});
