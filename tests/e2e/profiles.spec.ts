// Profiles in the web (issue 16; decision 088): each demo operator sees exactly its profile's menu at 360 and
// 1280 px, a Consulta operator reads a card's block screen with the control off and the reason beside it, and a
// typed URL it may not open says so calmly; an Administrador creates a user with a profile and the list shows it.
// Set PROFILES_SCREENSHOTS=<folder> to keep a screenshot of each screen checked.
import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { firstActiveIn, openCardScreen, openRow } from './support/cards.ts';
import { cpfFrom } from './support/operators.ts';
import { type DemoProfile, signInAsProfile } from './support/profiles.ts';
import { recordSealedCalls, sealedBodies } from './support/sealed-calls.ts';

test.describe.configure({ timeout: 180_000 });

const MENUS: Record<DemoProfile, string[]> = {
  ADMINISTRADOR: [
    'Cartões da Empresa',
    'Faturas do Relacionamento',
    'Solicitar Cartão',
    'Gestão de usuários',
    'Transações da Empresa',
    'Alterações em lote',
    'Auditoria',
  ],
  GESTOR_CARTOES: [
    'Cartões da Empresa',
    'Faturas do Relacionamento',
    'Solicitar Cartão',
    'Transações da Empresa',
    'Alterações em lote',
  ],
  CONSULTA: ['Cartões da Empresa', 'Faturas do Relacionamento', 'Transações da Empresa'],
};
const LABELS: Record<DemoProfile, string> = {
  ADMINISTRADOR: 'Administrador',
  GESTOR_CARTOES: 'Gestor de cartões',
  CONSULTA: 'Consulta',
};
const READ_ONLY = /^Seu perfil \(Consulta\) permite apenas consultar este cartão/;

const shots = process.env.PROFILES_SCREENSHOTS;
const shoot = async (page: Page, name: string, fullPage = false) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
};

/** The main menu's own items (a parent's sub-items are inside it, not beside it). */
const mainItems = (page: Page, within: 'aside' | 'dialog') =>
  page
    .locator(within === 'aside' ? 'aside' : '[role="dialog"]')
    .locator('nav[aria-label="Menu principal"] > a')
    .allTextContents();

for (const profile of Object.keys(MENUS) as DemoProfile[]) {
  test(`${profile}: signs in and sees exactly its menu at 1280 and 360 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsProfile(page, profile);
    await expect(page.locator('aside nav[aria-label="Menu principal"]')).toBeVisible();
    expect(await mainItems(page, 'aside')).toEqual(MENUS[profile]);
    await expect(page.locator('aside').getByText(`Perfil: ${LABELS[profile]}`)).toBeVisible();
    await shoot(page, `menu-${profile}-1280`);
    await expectNoA11yViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.locator('aside nav[aria-label="Menu principal"]')).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(drawer).toBeInViewport({ ratio: 1 });
    expect(await mainItems(page, 'dialog')).toEqual(MENUS[profile]);
    await shoot(page, `menu-${profile}-360`);
    await expectNoA11yViolations(page);
  });
}

test('Consulta: a card is read, not changed — the block control is off and says why', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsProfile(page, 'CONSULTA');
  await openRow(page, await firstActiveIn(page, 0, 10));
  await openCardScreen(page, 'Bloqueio / Desbloqueio');
  const block = page.getByRole('button', { name: 'Bloquear cartão' });
  await expect(block).toBeVisible();
  await expect(block).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Perda' })).toBeDisabled();
  const reason = page.getByText(READ_ONLY);
  await expect(reason).toBeVisible();
  // The disabled controls are described by the reason, which needs neither a hover nor a focus to be read.
  const described = await page
    .locator('fieldset[disabled]')
    .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
  expect(described).toMatch(READ_ONLY);
  await shoot(page, 'consulta-block-1280');
  await expectNoA11yViolations(page);

  // After a reload the profile is read again with the session; the screen stays read-only.
  await page.reload();
  await expect(page.getByText(READ_ONLY)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Bloquear cartão' })).toBeDisabled();

  // The history stays open to it.
  await openCardScreen(page, 'Transações');
  await expect(page.getByText(READ_ONLY)).toHaveCount(0);

  await page.setViewportSize({ width: 360, height: 740 });
  await openCardScreen(page, 'Bloqueio / Desbloqueio');
  await expect(page.getByRole('button', { name: 'Bloquear cartão' })).toBeDisabled();
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await shoot(page, 'consulta-block-360', true);

  // A page it may not open, typed: a calm message and the way back.
  await page.goto('/home/requestcard');
  await expect(page.getByText('Seu perfil não permite acessar esta página.')).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'consulta-forbidden-360');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Voltar para os cartões da empresa' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('Administrador: a user created with a profile shows it in the list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordSealedCalls(page);
  await signInAsProfile(page, 'ADMINISTRADOR');
  await page.getByRole('link', { name: 'Gestão de usuários' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Criar Usuário' })).toBeVisible();
  const profile = page.getByLabel('Perfil');
  await expect(profile).toHaveValue('CONSULTA');
  await page.getByLabel('Número do documento').fill(cpfFrom('615243780'));
  await page.getByLabel('Login').fill('e2e.perfil.gestor');
  await page.getByLabel('Nome do usuário').fill('Gestora Perfil Teste');
  await page.getByLabel('E-mail').fill('e2e.perfil.gestor@exemplo.com.br');
  await page.getByLabel('DDI').fill('55');
  await page.getByLabel('DDD').fill('11');
  await page.getByLabel('Celular').fill('912345678');
  await profile.selectOption({ label: 'Gestor de cartões' });
  await shoot(page, 'create-user-profile-1280');
  await page.getByRole('button', { name: 'Cadastrar usuário' }).click();
  await expect(page.getByText('Usuário cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/home\/user\/management\/manage$/);
  const row = page.getByRole('row').filter({ hasText: 'Gestora Perfil Teste' });
  await expect(row.getByText('Perfil: Gestor de cartões', { exact: true })).toBeVisible();
  // A raised profile is the one the payload names (the default one sends the spec's [''], users.spec.ts).
  const creates = await sealedBodies(page, 'POST', '/v0/portal/usuario');
  expect(creates.map((body) => (body as { listaPerfis: string[] }).listaPerfis)).toEqual([['GESTOR_CARTOES']]);

  await shoot(page, 'users-list-profiles-1280');
  // The profile column at the narrower widths: a labelled line of each user's item below 576 px.
  for (const width of [768, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 1024 });
    await expect(row.getByText('Perfil: Gestor de cartões', { exact: true })).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await shoot(page, `users-list-profiles-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The operator's own row keeps its profile, and says why.
  await page.getByRole('button', { name: 'Editar usuário Operador Demonstração' }).click();
  const form = page.getByRole('form', { name: 'Editando o usuário Operador Demonstração' });
  await expect(form.getByLabel('Perfil')).toBeDisabled();
  await expect(form.getByLabel('Perfil')).toHaveValue('ADMINISTRADOR');
  await expect(form.getByText('Ninguém altera o próprio perfil: peça a outro Administrador da empresa.')).toBeVisible();
  await shoot(page, 'users-own-profile-1280');
  await expectNoA11yViolations(page);
});
