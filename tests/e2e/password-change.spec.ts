// 'Alterar senha' from the shell (decision 074): the operator proves the current password, every other session of
// theirs ends, and the mailbox is told. The other specs sign in as the demo operator in parallel, so this one
// changes the password of an operator it creates itself (login e2e.senha.<project>). It runs at 1280 px (decision
// 078); the second device is a 360 px phone, so the drawer's way through the shell is walked too.
import { type Browser, expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { E2E } from './support/env.ts';
import { mailsTo, waitForMail } from './support/mail-capture.ts';
import { cpfFrom } from './support/operators.ts';
import { chooseCompany, openLogin, signIn, signInToHome } from './support/session.ts';

const PROJECTS = ['mobile-360', 'tablet-768', 'desktop-1280'];
/** Set to a folder to keep screenshots of the screen empty, with errors and after a change. */
const SHOTS = process.env.E2E_SHOTS_DIR;

function operatorFor(info: TestInfo) {
  const slot = PROJECTS.indexOf(info.project.name);
  if (slot < 0) throw new Error(`no operator for project ${info.project.name}`);
  const login = `e2e.senha.${info.project.name}`;
  return {
    login,
    // Letters only (decision 128): the slot as a letter.
    name: `Paula Senha ${String.fromCharCode(65 + slot)}`,
    email: `${login}@exemplo.com.br`,
    // The users spec draws its CPFs from 70, 80 and 90: 60 is this spec's own.
    cpf: cpfFrom(`60${slot + 1}4567${slot + 3}8`.slice(0, 9)),
    first: `Primeira-senha-${slot}-2026`,
    next: `Segunda-senha-${slot}-2026`,
  };
}

async function shot(page: Page, info: TestInfo, state: string) {
  if (!SHOTS) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-${state}.png`, fullPage: true });
}

/** The shell's menu as the width shows it: the sidebar from 992 px, the drawer below. */
async function shellMenu(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 0) >= 992) return page.getByRole('complementary', { name: 'Barra lateral' });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  return page.getByRole('dialog');
}

/** The demo operator creates the operator through 'Criar Usuário'; the temporary password comes by e-mail. */
async function createOperator(page: Page, user: ReturnType<typeof operatorFor>): Promise<string> {
  await signInToHome(page);
  await page.goto('/home/user/management');
  await page.getByLabel('Número do documento').fill(user.cpf);
  await page.getByLabel('Login').fill(user.login);
  await page.getByLabel('Nome do usuário').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('DDI').fill('55');
  await page.getByLabel('DDD').fill('11');
  await page.getByLabel('Celular').fill('912345678');
  await page.getByRole('button', { name: 'Cadastrar usuário' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso!')).toBeVisible();
  const mail = await waitForMail(user.email, 0);
  const temporary = /Senha temporária: (\S+)/.exec(mail)?.[1];
  if (!temporary) throw new Error('no temporary password in the mail');
  return temporary;
}

/** A phone of its own (the drawer menu, below 992 px), signed in as the operator and inside the company. */
async function signedInOnPhone(browser: Browser, login: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await openLogin(page);
  await signIn(page, login, password);
  await chooseCompany(page);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('change the password from the shell: other sessions end, the new password signs in, the mail arrives', async ({
  browser,
  page,
}, info) => {
  test.setTimeout(180_000);
  const user = operatorFor(info);
  const temporary = await createOperator(page, user);

  // First access, in the browser that will change the password.
  const here = await (await browser.newContext()).newPage();
  await openLogin(here);
  await signIn(here, user.login, temporary);
  await expect(here).toHaveURL(/\/first_access$/, { timeout: E2E.passwordWorkMs });
  await field(here, 'Nova senha').fill(user.first);
  await field(here, 'Confirmar nova senha').fill(user.first);
  await here.getByRole('button', { name: 'CONFIRMAR' }).click();
  await chooseCompany(here);
  await expect(here).toHaveURL(/\/home$/);

  // A second device, a phone signed in with the same password.
  const elsewhere = await signedInOnPhone(browser, user.login, user.first);

  // From the shell's menu to the screen.
  const menu = await shellMenu(here);
  await menu.getByRole('link', { name: 'Alterar senha' }).click();
  await expect(here).toHaveURL(/\/home\/account\/password$/);
  await expect(here.getByRole('heading', { level: 1, name: 'Alterar senha' })).toBeVisible();
  const submit = here.getByRole('button', { name: 'Alterar senha' });
  await expect(submit).toBeVisible();
  // The pointer off the menu: axe would judge the link it just clicked in its hover colours.
  await here.mouse.move(0, 0);
  await shot(here, info, 'empty');
  await expectNoA11yViolations(here);

  // Nothing typed: each field says what it needs, and the keyboard is taken to the first.
  await submit.click();
  await expect(here.getByText('Informe a senha atual.')).toBeVisible();
  await expect(here.getByText('Informe a nova senha.')).toBeVisible();
  await expect(here.getByText('Repita a nova senha.')).toBeVisible();
  await expect(field(here, 'Senha atual')).toBeFocused();

  // By keyboard only: type, Tab to the next field, Enter to send.
  await field(here, 'Senha atual').fill('Senha-errada-2026');
  await here.keyboard.press('Tab');
  await expect(field(here, 'Nova senha')).toBeFocused();
  await here.keyboard.type('curta1');
  await here.keyboard.press('Tab');
  await expect(field(here, 'Confirmar nova senha')).toBeFocused();
  await here.keyboard.type('outra');
  await here.keyboard.press('Enter');
  await expect(here.getByText('A senha deve ter pelo menos 12 caracteres.')).toBeVisible();
  await expect(here.getByText('As senhas precisam ser iguais.')).toBeVisible();
  await shot(here, info, 'errors');
  await expectNoA11yViolations(here);

  // The server's refusal of a wrong current password, next to that field, and nothing typed is lost.
  await field(here, 'Nova senha').fill(user.next);
  await field(here, 'Confirmar nova senha').fill(user.next);
  await submit.click();
  await expect(here.getByText('Senha atual incorreta.')).toBeVisible({ timeout: E2E.passwordWorkMs });
  await expect(field(here, 'Nova senha')).toHaveValue(user.next);
  await expect(field(here, 'Senha atual')).toBeFocused();

  await field(here, 'Senha atual').fill(user.first);
  await submit.click();
  await expect(here.getByRole('status').filter({ hasText: 'Senha alterada com sucesso!' })).toBeVisible({
    timeout: E2E.passwordWorkMs,
  });
  await expect(here.locator('.mantine-Notification-root').getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect(field(here, 'Senha atual')).toHaveValue('');
  await shot(here, info, 'success');

  // The other device's next step finds its session ended and lands on the login screen.
  await (await shellMenu(elsewhere)).getByRole('link', { name: 'Faturas do Relacionamento' }).click();
  await expect(elsewhere.getByRole('button', { name: 'ENTRAR' })).toBeVisible();
  await expect(elsewhere).toHaveURL(/\/$/);
  await expect(elsewhere.getByText('Sessão expirada. Entre novamente.')).toBeVisible();

  // This one goes on, and the mailbox was told.
  const mail = await waitForMail(user.email, 1);
  expect(mail).toContain('A senha do seu acesso ao portal fidis foi alterada em');
  expect(mail).toContain('"Esqueceu sua senha?"');
  expect(mailsTo(user.email).at(-1)?.raw).toContain('Subject: fidis: sua senha foi alterada');
  await (await shellMenu(here)).getByRole('link', { name: 'Faturas do Relacionamento' }).click();
  await expect(here).toHaveURL(/\/home\/invoices$/);
  await expect(here.getByRole('heading', { level: 1, name: 'Faturas do Relacionamento' })).toBeVisible();

  // Out, then in again: the old password is refused, the new one works.
  await (await shellMenu(here)).getByRole('button', { name: 'Sair' }).click();
  await openLogin(here);
  await signIn(here, user.login, user.first);
  await expect(here.getByText('Ocorreu um erro ao realizar o login, verifique os dados digitados!')).toBeVisible({
    timeout: E2E.passwordWorkMs,
  });
  await signIn(here, user.login, user.next);
  await chooseCompany(here);
  await expect(here).toHaveURL(/\/home(\/invoices)?$/);
  await expect(here.getByRole('button', { name: 'ENTRAR' })).toHaveCount(0);
});
