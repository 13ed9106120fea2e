// Issue 8, provider down: the provider crashes (SIGKILL) under a signed-in portal. The BFF answers a sealed 502,
// each screen shows the spec's failure text for it, and once the provider is back the screens that were loading
// come back by themselves — no click, no reload. The stack is this spec's own (split-stack.ts), so killing its
// provider disturbs no other spec; it runs at one width (playwright.config.ts), the flow does not depend on it.
import { expect, type Page, type Response, test } from '@playwright/test';
import { COMPANY_A, listRows, openCardScreen, openRow, readRows } from './support/cards.ts';
import { chooseCompany, openLogin, signIn } from './support/session.ts';
import { type SplitStack, startSplitStack } from './support/split-stack.ts';

// Spec section 8, quoted exactly.
const SEARCH_FAILURE = 'Ocorreu um erro ao buscar os cartões';
const HISTORY_FAILURE = 'Falha ao carregar histórico de autorizações. Por favor tente novamente mais tarde.';
const INVOICE_FAILURE = 'Fatura indisponível';
// The BFF's own refusal, which travels sealed inside the 502.
const UPSTREAM_REFUSAL = {
  code: 'UPSTREAM_UNAVAILABLE',
  message: 'Serviço indisponível no momento. Tente novamente em instantes.',
};
/** Long enough for the provider to start again on its data and for the portal's next recovery poll. */
const RECOVERY_TIMEOUT_MS = 60_000;

let stack: SplitStack;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.info().setTimeout(300_000);
  stack = await startSplitStack(3610);
});

test.afterAll(async () => {
  await stack?.stop();
});

// Whatever a failed test left behind, each one starts with the provider up.
test.beforeEach(async () => {
  await stack.startProvider();
});

/**
 * Keeps, in the page, the plaintext of every answer the portal opens (AES-GCM decrypt), so the test can read what
 * a sealed answer said without holding the device's keys.
 */
async function recordOpenedAnswers(page: Page) {
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { __opened: opened });
    const decrypt = SubtleCrypto.prototype.decrypt;
    SubtleCrypto.prototype.decrypt = async function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['decrypt']>) {
      const plain = await decrypt.apply(this, args);
      opened.push(new TextDecoder().decode(plain));
      return plain;
    };
  });
}

const openedAnswers = (page: Page) => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

async function signInToStack(page: Page) {
  await recordOpenedAnswers(page);
  await openLogin(page, stack.url('/'));
  await signIn(page);
  await chooseCompany(page, COMPANY_A);
  await expect(page).toHaveURL(/\/home$/);
  await expect(listRows(page).first()).toBeVisible({ timeout: 30_000 });
}

const next502 = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/proxy' && r.status() === 502);

/** The 502 travels like every other answer: only `{"payload": "<hex>"}`, and the portal opens it to the refusal. */
async function expectSealedRefusal(page: Page, response: Response) {
  const body = await response.text();
  expect(body).toMatch(/^\{"payload":"[0-9a-f]+"\}$/);
  await expect
    .poll(async () => (await openedAnswers(page)).map((a) => JSON.parse(a) as unknown))
    .toContainEqual(UPSTREAM_REFUSAL);
}

test('cards list: a search while the provider is down shows the search failure; the next one works', async ({
  page,
}) => {
  await signInToStack(page);
  const holder = (await readRows(page))[0]!;

  await stack.crashProvider();
  const refused = next502(page);
  await page.getByRole('textbox', { name: 'CPF do portador' }).pressSequentially(holder.cpf.replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expectSealedRefusal(page, await refused);
  // The spec's text, alone, and the way to ask again beside it (decision 122).
  const failure = page.getByRole('alert').filter({ hasText: SEARCH_FAILURE });
  await expect(failure.getByText(SEARCH_FAILURE, { exact: true })).toBeVisible();
  const retry = failure.getByRole('button', { name: 'Tentar novamente' });
  await expect(retry).toBeVisible();

  // A search is the operator's own action, so the portal never repeats it by itself; asked again, it answers.
  await stack.startProvider();
  await retry.click();
  await expect(page.getByText('Resultado da busca por CPF')).toBeVisible();
  expect((await readRows(page, 'Resultado da busca por CPF')).map((r) => r.cpf)).toContain(holder.cpf);
  await expect(page.getByRole('alert').filter({ hasText: SEARCH_FAILURE })).toHaveCount(0);
});

test('card history: the failure text while the provider is down, then the history by itself', async ({ page }) => {
  await signInToStack(page);
  await openRow(page, 0);

  await stack.crashProvider();
  const refused = next502(page);
  await openCardScreen(page, 'Transações');
  await expectSealedRefusal(page, await refused);
  const failure = page.getByRole('alert').filter({ hasText: HISTORY_FAILURE });
  await expect(failure).toHaveText(HISTORY_FAILURE);

  await stack.startProvider();
  const history = page.locator('[aria-label="Histórico de autorizações"]').first();
  await expect(history).toBeVisible({ timeout: RECOVERY_TIMEOUT_MS });
  await expect(history.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).first()).toBeVisible();
  await expect(failure).toHaveCount(0);
  await expect(page).toHaveURL(/\/home\/details\/([0-9a-f-]{36}\/)?history$/);
});

test('invoices: Fatura indisponível while the provider is down, then the invoice by itself', async ({ page }) => {
  await signInToStack(page);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Faturas do Relacionamento' })
    .click();
  const dueDate = page.getByRole('combobox', { name: 'Data de vencimento' });
  await expect(dueDate).toBeEnabled({ timeout: 20_000 });

  // The two newest closed due dates have an invoice (seed-invoices.ts); the one not on screen yet is asked for
  // while the provider is down, so nothing cached can answer for it.
  await dueDate.click();
  const labels = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  const shown = await dueDate.inputValue();
  const target = labels
    .filter((l) => closed(l, new Date()))
    .slice(0, 2)
    .find((l) => l !== shown);
  expect(target).toBeDefined();

  await stack.crashProvider();
  const refused = next502(page);
  await choose(page, target!);
  await expectSealedRefusal(page, await refused);
  // The spec's text, and beside it "Tentar novamente" for a failure of the server (decision 142).
  const failure = page.getByRole('status').filter({ hasText: INVOICE_FAILURE });
  await expect(failure.getByText(INVOICE_FAILURE, { exact: true })).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();

  await stack.startProvider();
  await expect(page.getByTestId('invoice-total')).toHaveText(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/, {
    timeout: RECOVERY_TIMEOUT_MS,
  });
  await expect(page.getByRole('heading', { level: 2, name: /^Fatura de / })).toBeVisible();
  await expect(page.getByText(INVOICE_FAILURE, { exact: true })).toHaveCount(0);
  await expect(dueDate).toHaveValue(target!);
});

async function choose(page: Page, label: string) {
  const dueDate = page.getByRole('combobox', { name: 'Data de vencimento' });
  await dueDate.click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(dueDate).toHaveValue(label);
}

/** dd/mm/yyyy → whether its invoice has closed (the seed closes invoices 10 days before they are due). */
function closed(label: string, today: Date): boolean {
  const [d, m, y] = label.split('/').map(Number);
  const closing = Date.UTC(y!, m! - 1, d!) - 10 * 24 * 60 * 60 * 1000;
  return closing <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}
