// A test that is not about signing in starts signed in: the 'sign-in' setup project signs the demo operator in
// (company A) once per worker slot (signed-in.setup.ts), and every test of that slot opens a fresh context on a copy
// of that slot's storage state (decision 078).
//
// One state per worker slot, not one for the whole run: the BFF keeps one device session per device id and a new
// registration revokes the previous one (src/bff/store/devices.ts), and every page load registers again. Two
// contexts open at once with the same device id (localStorage `fidis`) would keep revoking each other; the sealed
// session cookie is bound to that id, so it cannot be given a new one. A worker runs one test at a time, so its
// contexts never overlap, and a worker started again after a failure takes the same slot's state.
//
// A test that ends the provider session (Sair) or signs in as someone else in the same context must not use it
// for the sign-out: it signs in by itself (auth, storage, recovery specs).
import { test as base, type Download, expect, type Page } from '@playwright/test';
import { COMPANY_A, listRows, signInToCompany } from './cards.ts';
import { E2E } from './env.ts';
import { type StorageState, saveSignedInState, signedInState } from './signed-in-states.ts';

/** The company the shared state has chosen (COMPANY_A, by its full name as the screens show it). */
export const SIGNED_IN_COMPANY = 'Transportadora Horizonte Ltda';

/**
 * The provider ends a session after 15 idle minutes (src/provider/services/sessions.ts). A worker that ran only
 * tests of their own sign-in for that long signs in again rather than fail on a dead session.
 */
const REUSE_WHILE_IDLE_UNDER_MS = 10 * 60 * 1000;

interface SignedInStates {
  current(): Promise<StorageState>;
}

/** The step-up dialog (decision 091), as every screen may open it before a sensitive call. */
export const stepUpDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirme sua identidade' });

/**
 * The E2E product runs with a 20-second step-up window (playwright.config.ts), so cancelling a card, creating or
 * deleting a user or changing a profile may meet 'Confirme sua identidade'. The demo operator has no second factor:
 * the dialog asks its password, which this handler types, wherever in a test the dialog appears. A test about the
 * dialog itself removes it (page.removeLocatorHandler(stepUpDialog(page))).
 */
/**
 * The download a click starts. A whole-company export asks for a recent proof first (issue 25), and waiting for an
 * event runs no locator handler: an auto-waiting assertion on the dialog does, so the proof is given while the file
 * is awaited, as the operator would give it.
 */
export async function downloadAfter(page: Page, click: () => Promise<void>): Promise<Download> {
  const saved = page.waitForEvent('download');
  await click();
  const dialog = stepUpDialog(page);
  const asked = await dialog.waitFor({ state: 'visible', timeout: 8_000 }).then(
    () => true,
    () => false,
  );
  if (asked) await expect(dialog).toBeHidden({ timeout: 30_000 });
  return saved;
}

export async function confirmStepUpWithPassword(page: Page, password = E2E.password): Promise<void> {
  await page.addLocatorHandler(stepUpDialog(page), async (dialog) => {
    const field = dialog.getByLabel('Senha', { exact: true });
    // The dialog reads the operator's factor first; the password field follows.
    await field.waitFor({ state: 'visible', timeout: 15_000 });
    await field.fill(password);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
  });
}

export const test = base.extend<object, { signedInStates: SignedInStates }>({
  page: async ({ page }, use) => {
    await confirmStepUpWithPassword(page);
    await use(page);
  },
  signedInStates: [
    async ({ browser }, use, workerInfo) => {
      const slot = workerInfo.parallelIndex;
      const signIn = async (): Promise<StorageState> => {
        const context = await browser.newContext({ baseURL: E2E.baseURL, locale: 'pt-BR' });
        try {
          const page = await context.newPage();
          await signInToCompany(page, COMPANY_A);
          const made = await context.storageState();
          saveSignedInState(slot, made);
          return made;
        } finally {
          await context.close();
        }
      };
      // The setup project's state for this slot; a sign-in here only when there is none (a run with --no-deps) or
      // it has idled past the provider's limit.
      const kept = signedInState(slot);
      const fresh = kept && Date.now() - kept.madeAt < REUSE_WHILE_IDLE_UNDER_MS;
      let state = fresh ? kept.state : await signIn();
      let lastUsed = Date.now();
      await use({
        async current() {
          if (Date.now() - lastUsed > REUSE_WHILE_IDLE_UNDER_MS) state = await signIn();
          lastUsed = Date.now();
          return state;
        },
      });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  storageState: async ({ signedInStates }, use) => {
    await use(await signedInStates.current());
  },
});

export { expect };

/** For a test in a file of signed-in tests that must start as a first visit does: no cookie, nothing stored. */
export const SIGNED_OUT: StorageState = { cookies: [], origins: [] };

/** The cards home of the signed-in state, its list loaded: where a test that starts signed in begins. */
export async function openHome(page: Page) {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(listRows(page).first()).toBeVisible({ timeout: 30_000 });
}
