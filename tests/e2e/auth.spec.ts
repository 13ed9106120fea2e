import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { E2E } from './support/env.ts';
import { chooseCompany, openLogin, signIn, signInToHome } from './support/session.ts';

test.describe('sign-in', () => {
  test('empty fields are refused with the spec text', async ({ page }) => {
    await openLogin(page);
    await page.getByRole('button', { name: 'ENTRAR' }).click();
    await expect(page.getByText('Preencha todos os campos', { exact: true })).toBeVisible();
    await page.getByLabel('Usuário').fill('demo');
    await page.getByRole('button', { name: 'ENTRAR' }).click();
    await expect(page.getByText('Preencha todos os campos', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password shows the failure alert and keeps what was typed', async ({ page }) => {
    await openLogin(page);
    await signIn(page, E2E.login, 'senha-errada-123');
    await expect(
      page.getByText('Ocorreu um erro ao realizar o login, verifique os dados digitados!', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Usuário')).toHaveValue(E2E.login);
  });

  test('sign-in, company choice, then the cards home; the login is lower-cased', async ({ page }) => {
    await openLogin(page);
    await expectNoA11yViolations(page);
    await signIn(page, E2E.login.toUpperCase());
    await expect(page).toHaveURL(/\/choose\/company$/);
    await expect(page.getByRole('button', { name: 'ACESSAR' })).not.toHaveAttribute('data-loading');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'ACESSAR' }).click();
    await expect(page.getByText('É obrigatório selecionar uma empresa para continuar.')).toBeVisible();
    const company = await chooseCompany(page);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Você está na empresa:').first()).toBeAttached();
    await expect(page.getByText(company).first()).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: 'Cartões da empresa' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the session survives a reload', async ({ page }) => {
    await signInToHome(page);
    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cartões da empresa' })).toBeVisible();
  });

  test('a protected route sends to / and back to it after sign-in and company choice', async ({ page }) => {
    await openLogin(page, '/home/invoices');
    await expect(page).toHaveURL(/\/$/);
    await signIn(page);
    await chooseCompany(page);
    await expect(page).toHaveURL(/\/home\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Faturas do Relacionamento' })).toBeVisible();
  });

  test("'Mudar empresa' goes back to the company choice", async ({ page }) => {
    await signInToHome(page);
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Mudar empresa' }).click();
    await expect(page).toHaveURL(/\/choose\/company$/);
  });

  test("'Sair' ends the session and Back does not bring it back", async ({ page }) => {
    await signInToHome(page);
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Cartões da empresa' })).toHaveCount(0);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
  });
});

async function openMenuIfCollapsed(page: import('@playwright/test').Page) {
  if (page.viewportSize()!.width >= 992) return;
  // A drawer still closing after a navigation would take the click: wait until it is gone.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
}
