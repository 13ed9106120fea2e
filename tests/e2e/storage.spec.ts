// Nothing personal and no token in browser storage (issue 13, item 3; LGPD art. 46; decisions 040 and 041):
// after signing in, paging, opening a card and its history, localStorage and sessionStorage hold no CPF, no
// holder's name and no token; a reload keeps the operator signed in on the same screen; sign-out leaves only the
// device id.
import { expect, type Page, test } from '@playwright/test';
import { goToPage, listRows, openCardScreen, openRow, readRows, signInToCompany } from './support/cards.ts';

test.describe.configure({ timeout: 180_000 });

const OPERATOR = 'Operador Demonstração';
const COMPANY = 'Transportadora Horizonte Ltda';

/** Every key and value of both storages, as one text. */
const storageText = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k) ?? ''}`)).join('\n'),
  );

/** A CPF, masked or not, that is not part of a longer number (the company's CNPJ has 14 digits). */
const CPF = /(?<![\d.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\d])/;

const sidebarOrDrawer = async (page: Page) => {
  // Below 992 px the sidebar lives in the drawer, opened by the burger.
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  if (await burger.isVisible()) await burger.click();
};

test('storage keeps nothing personal; reload keeps the session; sign-out leaves only the device id', async ({
  page,
}) => {
  await signInToCompany(page);
  const seen = new Set<string>();
  const remember = async () => {
    for (const r of await readRows(page)) {
      seen.add(r.name);
      seen.add(r.cpf);
      seen.add(r.cpf.replace(/\D/g, ''));
    }
  };
  await remember();
  await goToPage(page, 2);
  await remember();
  await openRow(page, 3);
  await openCardScreen(page, 'Transações');
  await expect(page.getByRole('heading', { level: 2, name: 'Transações' })).toBeVisible();

  const stored = await storageText(page);
  for (const secret of seen) expect(stored, `storage holds ${secret}`).not.toContain(secret);
  expect(stored).not.toMatch(CPF); // no CPF of anyone
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // no JWT (provider or device token)
  expect(stored).not.toMatch(/token|Bearer|usuario|cardHolder|documentNumber/i);
  expect(stored).not.toContain(OPERATOR);
  // The session cookie is HttpOnly: no script can read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('fidis_sessao');

  // A reload: same screen, the operator's name and the company read again.
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 2, name: 'Transações' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Resumo do cartão' })).toBeVisible();
  await sidebarOrDrawer(page);
  await expect(page.getByText(OPERATOR).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: COMPANY }).filter({ visible: true }).first()).toBeVisible();

  // Back on the list after the reload: the page is read again from the provider.
  await page.goto('/home');
  await expect(listRows(page).first()).toBeVisible({ timeout: 30_000 });
  expect(await storageText(page)).not.toMatch(CPF);

  // Sign-out: only the device id stays, and the provider session is gone with the cookie.
  const deviceId = await page.evaluate(() => JSON.parse(localStorage.getItem('fidis') ?? '{}').state?.device?.id);
  expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
  await sidebarOrDrawer(page);
  await page.getByRole('button', { name: 'Sair' }).filter({ visible: true }).first().click();
  await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible();
  const after = await page.evaluate(() => ({
    keys: [...Object.keys(localStorage), ...Object.keys(sessionStorage)],
    fidis: JSON.parse(localStorage.getItem('fidis') ?? '{}'),
  }));
  expect(after.keys).toEqual(['fidis']);
  expect(after.fidis.state).toEqual({ device: { id: deviceId, name: expect.any(String) } });
  await page.reload();
  await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
});
