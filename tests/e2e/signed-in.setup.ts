// The 'sign-in' project (playwright.config.ts), run before every other: the demo operator signs in through the
// screens once per worker slot, and each slot's storage state is kept for the tests of that slot (support/
// signed-in.ts). One per slot, not one for the whole run: two contexts open at once on one device id would keep
// revoking each other's BFF device session (decision 078).
import { test as setup } from '@playwright/test';
import { COMPANY_A, signInToCompany } from './support/cards.ts';
import { E2E } from './support/env.ts';
import { saveSignedInState } from './support/signed-in-states.ts';

for (let slot = 0; slot < E2E.workers; slot++) {
  setup(`the demo operator signs in for worker slot ${slot}`, async ({ page }) => {
    await signInToCompany(page, COMPANY_A);
    await saveSignedInState(slot, await page.context().storageState());
  });
}
