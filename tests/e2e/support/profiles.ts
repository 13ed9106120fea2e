// The demo company's operators, one per profile (issue 16): the demo operator is an Administrador; 'gestor' and
// 'consulta' are seeded beside it with the demo password (src/provider/db/seed/seed.ts, PROFILE_OPERATORS).
import type { Page } from '@playwright/test';
import { COMPANY_A, signInToCompany } from './cards.ts';
import { E2E } from './env.ts';

export type DemoProfile = 'ADMINISTRADOR' | 'GESTOR_CARTOES' | 'CONSULTA';

export const PROFILE_LOGINS: Record<DemoProfile, string> = {
  ADMINISTRADOR: E2E.login,
  GESTOR_CARTOES: 'gestor',
  CONSULTA: 'consulta',
};

/** Signs in as the demo company's operator with this profile and opens the company's cards. */
export async function signInAsProfile(page: Page, profile: DemoProfile) {
  await signInToCompany(page, COMPANY_A, PROFILE_LOGINS[profile]);
}
