import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import type { EndpointName } from '../../contracts/index.ts';
import { useAppStore } from '../lib/store/index.ts';
import { ApiError, callApi } from '../lib/transport/index.ts';
import { card, consultActive, holder, impact, limit, row } from './card-fixtures.ts';

// The whole shell renders around each screen; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 8000 });

type Answer = unknown | ((options: unknown) => unknown);

/** Signs in, chooses a company, opens the fixture card, and answers callApi by endpoint name. */
export function selectCard(answers: Partial<Record<EndpointName, Answer>> = {}) {
  const api = vi.mocked(callApi);
  api.mockReset();
  const defaults: Partial<Record<EndpointName, Answer>> = {
    cardsOfAccount: { cardsResult: [card] },
    holder,
    readLimit: limit,
    consultCard: consultActive,
    embossData: { embossName: 'RENATA TEIXEIRA', indVisualDeficiency: 'N' },
    cardImpact: impact(),
  };
  const all = { ...defaults, ...answers };
  api.mockImplementation(async (name, options) => {
    const answer = all[name];
    if (answer === undefined) return { message: 'ok' };
    const value = typeof answer === 'function' ? (answer as (o: unknown) => unknown)(options) : answer;
    if (value instanceof ApiError) throw value;
    return value;
  });
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies: [] });
  store.setCompany({ name: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' });
  store.setAccounts({ subAccounts: [row], totalSubAccounts: 1, meta: { totalRecords: 1 } });
  store.setCurrentAccount(row);
  store.setCurrentCard({ cardsResult: [card] });
  return api;
}

/** Loads the lazy screens once, so the first test does not spend its wait on the module graph. */
export async function warmRoutes() {
  await Promise.all([
    import('../app/shell/shell-layout.tsx'),
    import('../features/card-details/routes/details-layout.tsx'),
    import('../features/card-details/routes/holder.tsx'),
    import('../features/card-details/routes/block.tsx'),
    import('../features/card-details/routes/second-copy.tsx'),
    import('../features/card-details/routes/unlock.tsx'),
    import('../features/card-details/routes/cancel.tsx'),
    import('../features/card-details/routes/limit.tsx'),
    import('../features/card-details/routes/history.tsx'),
    import('../features/cards/routes/cards-list.tsx'),
  ]);
}
