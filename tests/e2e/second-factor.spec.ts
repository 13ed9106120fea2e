// Second factor and step-up end to end (decision 091): an Administrador created in the portal (not exempt, as the
// seeded demo logins are) enrols with the QR code's secret, signs in with the app's code or a recovery code, and
// confirms a sensitive call with the code once the 20-second window of the E2E product has passed.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E } from './support/env.ts';
import { waitForMail } from './support/mail-capture.ts';
import { cpfFrom } from './support/operators.ts';
import { chooseCompany, openLogin, signIn } from './support/session.ts';
import { expect, SIGNED_IN_COMPANY, stepUpDialog, test } from './support/signed-in.ts';

const STEP_MS = 30_000;
const codeField = (page: Page) => page.getByLabel('Código de verificação', { exact: false });

async function createUser(page: Page, user: { login: string; name: string; cpf: string }, admin = false) {
  await page.goto('/home/user/management');
  await expect(page.getByRole('heading', { level: 2, name: 'Criar Usuário' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Número do documento').fill(user.cpf);
  await page.getByLabel('Login').fill(user.login);
  await page.getByLabel('Nome do usuário').fill(user.name);
  await page.getByLabel('E-mail').fill(`${user.login}@exemplo.com.br`);
  await page.getByLabel('DDI').fill('55');
  await page.getByLabel('DDD').fill('11');
  await page.getByLabel('Celular').fill('912345678');
  if (admin) await page.getByLabel('Perfil').selectOption({ label: 'Administrador' });
  await page.getByRole('button', { name: 'Cadastrar usuário' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeEnabled();
}

test('an Administrador enrols, signs in with the code or a recovery code, and confirms a sensitive call', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = { login: 'e2e.2fa.admin', name: 'Helena Segundo Fator', cpf: cpfFrom('612345670') };
  const invitee = { login: 'e2e.2fa.convidado', name: 'Otavio Convidado', cpf: cpfFrom('712345671') };

  // The demo Administrador (exempt; the shared state's password handler answers its step-up) creates the new one.
  await createUser(page, admin, true);
  await expect(page.getByText('Usuário cadastrado com sucesso!')).toBeVisible();
  const mail = await waitForMail(`${admin.login}@exemplo.com.br`, 0);
  const temporary = /Senha temporária: (\S+)/.exec(mail)?.[1];
  expect(temporary).toBeTruthy();

  // A context of its own: no password handler here, the code dialog is this test's to answer.
  const context = await browser.newContext({
    baseURL: E2E.baseURL,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
  });
  const p = await context.newPage();
  await openLogin(p);
  await signIn(p, admin.login, temporary);
  await expect(p).toHaveURL(/\/first_access$/, { timeout: E2E.passwordWorkMs });
  const password = 'Helena-2fa-E2E-2026';
  await p.getByLabel('Nova senha', { exact: true }).fill(password);
  await p.getByLabel('Confirmar nova senha').fill(password);
  await p.getByRole('button', { name: 'CONFIRMAR' }).click();
  // The session of the first access stays pending (decision 091): the factor is asked right after it.
  // Enrolment: the secret read from the screen, the code computed as the app would.
  await expect(p.getByRole('heading', { name: 'Cadastre a verificação em duas etapas' })).toBeVisible({
    timeout: E2E.passwordWorkMs,
  });
  await expect(p).toHaveURL(/\/second_factor$/);
  await expect(p.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await p.getByLabel(/^Chave secreta/).textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const wrong = () => totp.generate({ timestamp: Date.now() - 3_600_000 });
  await codeField(p).fill(totp.generate());
  const enrolStep = Math.floor(Date.now() / STEP_MS);
  await p.getByRole('button', { name: 'Confirmar cadastro' }).click();
  const codes = p.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  const carryOn = p.getByRole('button', { name: 'Continuar' });
  await expect(carryOn).toBeDisabled();
  await p.getByRole('checkbox', { name: 'Guardei meus códigos em lugar seguro' }).check();
  await carryOn.click();
  await chooseCompany(p, SIGNED_IN_COMPANY);
  await expect(p).toHaveURL(/\/home$/);
  await signOut(p);

  // The code step: a wrong code says so; a recovery code lets the operator in.
  await signIn(p, admin.login, password);
  await expect(p.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible({
    timeout: E2E.passwordWorkMs,
  });
  await codeField(p).fill(wrong());
  await p.getByRole('button', { name: 'Verificar' }).click();
  await expect(p.getByRole('alert').filter({ hasText: 'Código inválido' })).toHaveText(
    'Código inválido. Confira os 6 dígitos do aplicativo autenticador ou use um código de recuperação.',
  );
  await p.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await p.getByLabel('Código de recuperação', { exact: false }).fill(recovery[0]!);
  await p.getByRole('button', { name: 'Verificar' }).click();
  await chooseCompany(p, SIGNED_IN_COMPANY);
  await expect(p).toHaveURL(/\/home$/);

  // Step-up: past the 20-second window, creating a user asks the code.
  await p.waitForTimeout(21_000);
  await createUser(p, invitee);
  const dialog = stepUpDialog(p);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Senha', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Código de verificação', { exact: false }).fill(wrong());
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Código ou senha incorretos.');
  // A code of the step already spent at the enrolment would be refused as a replay: wait for the next one.
  while (Math.floor(Date.now() / STEP_MS) <= enrolStep) await p.waitForTimeout(1_000);
  await dialog.getByLabel('Código de verificação', { exact: false }).fill(totp.generate());
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(p.getByText('Usuário cadastrado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await context.close();
});
