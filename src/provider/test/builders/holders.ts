// Holders described in a line each (issue 27's search suite): a name and the states the list reads, built in the
// order given (account numbers ascending) through buildCard.

import { buildCard } from './card.ts';
import type { Builds } from './types.ts';

export interface HolderSpec {
  name: string;
  last4?: string;
  last4TwoWay?: string | null;
  cpf?: string;
  logo?: number;
  status?: 'Actived' | 'Blocked';
  blockCode?: string | null;
  activeFlag?: 'S' | 'N';
  statusDescription?: string;
  accountBlockingCodeTwo?: string | null;
  accountWarningCode?: string | null;
}

export async function buildHolders(t: Builds, companyId: number, specs: readonly HolderSpec[]) {
  const built: { uuid: string; accountNumber: string; cpf: string; last4: string; spec: HolderSpec }[] = [];
  for (const spec of specs) {
    const { account, card } = await buildCard(
      t,
      { id: companyId },
      {
        holderName: spec.name,
        ...(spec.cpf ? { document: spec.cpf } : {}),
        account: {
          ...(spec.statusDescription ? { statusDescription: spec.statusDescription } : {}),
          accountBlockingCodeTwo: spec.accountBlockingCodeTwo ?? null,
          accountWarningCode: spec.accountWarningCode ?? null,
        },
        card: {
          ...(spec.last4 ? { last4: spec.last4 } : {}),
          last4TwoWay: spec.last4TwoWay ?? null,
          logo: spec.logo ?? 1,
          status: spec.status ?? 'Actived',
          blockCode: spec.blockCode ?? null,
          activeFlag: spec.activeFlag ?? 'S',
        },
      },
    );
    built.push({
      uuid: account.id,
      accountNumber: String(account.accountNumber),
      cpf: account.documentNumber,
      last4: card.last4,
      spec,
    });
  }
  return built;
}
