// Issue 8, stored XSS and CSP, in the browser at every width.
// (a) A holder name and a portal user name carrying markup never get stored: typed into the portal's own forms, on
//     a stack of this spec's own (split-stack.ts), each is refused with the contract's rule for names (decision 128),
//     the names on screen stay what they were, and no element of the markup reaches the DOM, nothing runs (no
//     dialog). React's rendering of text is the second layer (unit tests of the screens).
// (b) The CSP refuses an inline script and an inline event handler injected into a signed-in page of the product
//     as `npm start` runs it; Chromium says so on its console and fires `securitypolicyviolation`.
import { expect, type Page, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages.ts';
import { COMPANY_A, listRows, openRow } from './support/cards.ts';
import { chooseCompany, openLogin, signIn, signInToHome } from './support/session.ts';
import { type SplitStack, startSplitStack } from './support/split-stack.ts';

const HOLDER_NAME = '<img src=x onerror=alert(1)>';
const USER_NAME = '<script>alert(2)</script><img src=x onerror=alert(3)>';
/** A seeded operator of company A (src/provider/db/seed.ts, TEAM) whose name becomes USER_NAME. */
const RENAMED_OPERATOR = 'Ana Paula Souza';
const USERS_PATH = '/home/user/management/manage';

async function signInTo(page: Page, stack: SplitStack) {
  await openLogin(page, stack.url('/'));
  await signIn(page);
  await chooseCompany(page, COMPANY_A);
  await expect(page).toHaveURL(/\/home$/);
  await expect(listRows(page).first()).toBeVisible({ timeout: 30_000 });
}

/** What an operator tries: rename the first holder of the list and one portal user with markup, through the forms. */
async function tryMarkupNames(page: Page, stack: SplitStack) {
  await signInTo(page, stack);
  await openRow(page, 0);
  await page.getByRole('textbox', { name: 'Nome completo', exact: true }).fill(HOLDER_NAME);
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText(messages.fields.nameText).first()).toBeVisible();
  await expect(page.getByText('Informações do cliente atualizadas com sucesso!')).toHaveCount(0);

  await page.goto(stack.url(USERS_PATH));
  await page
    .getByRole('row')
    .filter({ hasText: RENAMED_OPERATOR })
    .getByRole('button', { name: `Editar usuário ${RENAMED_OPERATOR}` })
    .click();
  const form = page.getByRole('form', { name: `Editando o usuário ${RENAMED_OPERATOR}` });
  await form.getByLabel('Nome do usuário').fill(USER_NAME);
  await form.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(form.getByText(messages.fields.nameText).first()).toBeVisible();
  await expect(page.getByText('Informações do usuário atualizadas com sucesso!')).toHaveCount(0);
}

/** No element the data could have brought: the `<img src=x>` of the names, or any script without a source. */
async function expectNoInjectedElements(page: Page) {
  const injected = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    inlineScripts: [...document.scripts].filter((s) => !s.src).length,
  }));
  expect(injected).toEqual({ images: 0, inlineScripts: 0 });
}

test.describe('stored XSS', () => {
  // One stack per worker, its names written once; the tests of this group share it, in order.
  test.describe.configure({ mode: 'default', timeout: 120_000 });
  let stack: SplitStack;

  test.beforeAll(async ({ browser }, info) => {
    info.setTimeout(300_000);
    // 3610–3611 belong to resilience.spec.ts; two ports per worker from 3612.
    stack = await startSplitStack(3612 + 2 * info.parallelIndex);
    const page = await browser.newPage({ locale: 'pt-BR' });
    try {
      await tryMarkupNames(page, stack);
    } finally {
      await page.close();
    }
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('holder and user names carrying markup are refused: the list, the details and the users are unchanged', async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInTo(page, stack);

    await expect(listRows(page).first()).not.toContainText(HOLDER_NAME);
    await expectNoInjectedElements(page);

    await openRow(page, 0);
    await expect(page.getByRole('textbox', { name: 'Nome completo', exact: true })).not.toHaveValue(HOLDER_NAME);
    await expect(page.getByRole('textbox', { name: 'Nome completo', exact: true })).not.toHaveValue('');
    await expectNoInjectedElements(page);

    await page.goto(stack.url(USERS_PATH));
    const users = page.getByRole('table', { name: 'Usuários do portal da empresa' });
    await expect(users.getByRole('button', { name: `Editar usuário ${RENAMED_OPERATOR}` })).toBeVisible();
    await expect(users.getByText(USER_NAME, { exact: true })).toHaveCount(0);
    await expectNoInjectedElements(page);

    expect(dialogs).toEqual([]);
  });
});

test.describe('content security policy', () => {
  test('refuses an injected inline script and an inline event handler', async ({ page }) => {
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    await signInToHome(page);

    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { __violations: seen });
      document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 1';
      document.body.append(script);
    });
    // The image loads (the handler's event does fire); only its inline `onload` attribute is refused.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.setAttribute('onload', 'window.__pwnedByAttribute = 1');
      img.addEventListener('load', () => Object.assign(window, { __imageLoaded: true }));
      img.src = '/favicon.svg';
      document.body.append(img);
    });

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))
      .toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));
    await expect.poll(() => page.evaluate(() => '__imageLoaded' in window)).toBe(true);
    expect(
      await page.evaluate(() => ({
        script: (window as { __pwned?: unknown }).__pwned,
        attribute: (window as { __pwnedByAttribute?: unknown }).__pwnedByAttribute,
      })),
    ).toEqual({ script: undefined, attribute: undefined });
    // Chromium's wording has changed over versions ('Refused to execute inline script because it violates…',
    // now 'Executing inline script violates…'); what it names stays: the kind of code and the directive.
    const cspLines = () => consoleLines.filter((l) => l.includes('Content Security Policy directive'));
    await expect
      .poll(cspLines)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/inline script.*script-src 'self'/),
          expect.stringMatching(/inline event handler.*script-src-attr 'none'/),
        ]),
      );
  });
});
