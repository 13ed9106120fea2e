// The demo operators the E2E run may change. Tests that change a password run in parallel at three widths,
// so each width gets its own operator from the seeded team (src/provider/db/seed/seed.ts, TEAM).
import type { TestInfo } from '@playwright/test';

const BY_PROJECT = ['mobile-360', 'tablet-768', 'desktop-1280'];
const INVITED = ['novo.operador', 'nova.analista', 'novo.assistente'];
const REGULAR = ['ana.souza', 'bruno.lima', 'carla.mendes'];

function slot(info: TestInfo): number {
  const i = BY_PROJECT.indexOf(info.project.name);
  if (i < 0) throw new Error(`no operator for project ${info.project.name}`);
  return i;
}

export const emailOf = (login: string) => `${login}@example.com`;
/** An operator invited on a temporary password (mailed at the first start). */
export const invitedOperator = (info: TestInfo) => INVITED[slot(info)]!;
/** An operator with a working password whose password this test may change. */
export const regularOperator = (info: TestInfo) => REGULAR[slot(info)]!;

/** A valid CPF from nine digits (the two check digits appended), for operators a test creates itself. */
export function cpfFrom(nine: string): string {
  const digit = (base: string) => {
    const sum = [...base].reduce((acc, d, i) => acc + Number(d) * (base.length + 1 - i), 0);
    const rest = sum % 11;
    return String(rest < 2 ? 0 : 11 - rest);
  };
  const first = digit(nine);
  return nine + first + digit(nine + first);
}
