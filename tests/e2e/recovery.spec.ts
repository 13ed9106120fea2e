import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { E2E } from './support/env.ts';
import { mailsTo, waitForMail } from './support/mail-capture.ts';
import { emailOf, invitedOperator, regularOperator } from './support/operators.ts';
import { chooseCompany, openLogin, signIn } from './support/session.ts';

const confirm = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'CONFIRMAR' }).click();

test('password recovery by a code read from the e-mail, then sign-in with the new password', async ({ page }, info) => {
  const login = regularOperator(info);
  const newPassword = `Nova-senha-${info.project.name}-2026`;

  await openLogin(page);
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await expect(page).toHaveURL(/\/forgot_password$/);
  await expectNoA11yViolations(page);

  // Step 1: the user is required, an unknown user is refused, then a code is mailed.
  await confirm(page);
  await expect(page.getByText('O Campo usuário é obrigatório.')).toBeVisible();
  await page.getByLabel('Usuário').fill('ninguem.aqui');
  await confirm(page);
  await expect(page.getByText('Usuário não encontrado!')).toBeVisible();
  const before = mailsTo(emailOf(login)).length;
  await page.getByLabel('Usuário').fill(login);
  await confirm(page);
  const mail = await waitForMail(emailOf(login), before);
  const code = /código de confirmação é: (\d{6})/.exec(mail)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  // Step 2: the code field appeared; empty and wrong codes are refused.
  const codeField = page.getByLabel('Código de confirmação');
  await expect(codeField).toBeVisible();
  await confirm(page);
  await expect(page.getByText('Preencha todos os campos obrigatórios.')).toBeVisible();
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await confirm(page);
  await expect(page.getByText('Código de confirmação inválido!')).toBeVisible();
  await codeField.fill(code!);
  await confirm(page);

  // Step 3: the password fields appeared; both required, and equal.
  await expect(page.getByLabel('Nova senha', { exact: true })).toBeVisible();
  await confirm(page);
  await expect(page.getByText('Todos os campos precisam ser preenchidos!')).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar nova senha').fill(`${newPassword}x`);
  await confirm(page);
  await expect(page.getByText('As senhas precisam ser iguais.')).toBeVisible();
  await page.getByLabel('Confirmar nova senha').fill(newPassword);
  await confirm(page);
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, login, newPassword);
  await expect(page).toHaveURL(/\/choose\/company$/);
});

test('first access: the temporary password from the e-mail leads to a new password, then to the portal', async ({
  page,
}, info) => {
  // Five sign-ins and a new password: each hashes at OWASP's scrypt cost.
  test.setTimeout(120_000);
  const login = invitedOperator(info);
  const mail = await waitForMail(emailOf(login), 0);
  const temporary = /Senha temporária: (\S+)/.exec(mail)?.[1];
  expect(temporary).toBeTruthy();
  const newPassword = `Primeiro-acesso-${info.project.name}-26`;

  await openLogin(page);
  await signIn(page, login, temporary);
  await expect(page).toHaveURL(/\/first_access$/, { timeout: E2E.passwordWorkMs });
  await expect(page.getByRole('heading', { name: 'Primeiro acesso' })).toBeVisible();
  await expectNoA11yViolations(page);
  // Until the password is set, the portal stays closed.
  await page.goto('/home');
  await expect(page).not.toHaveURL(/\/home$/);

  await openLogin(page);
  await signIn(page, login, temporary);
  await expect(page).toHaveURL(/\/first_access$/, { timeout: E2E.passwordWorkMs });
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar nova senha').fill(newPassword);
  await confirm(page);
  await chooseCompany(page);
  await expect(page).toHaveURL(/\/home$/);

  // The temporary password is gone; the new one opens the portal directly.
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await openLogin(page);
  await signIn(page, login, temporary);
  await expect(page.getByText('Ocorreu um erro ao realizar o login, verifique os dados digitados!')).toBeVisible();
  await signIn(page, login, newPassword);
  await expect(page).toHaveURL(/\/choose\/company$/);
});
