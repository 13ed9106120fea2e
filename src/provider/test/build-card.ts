// A holder card the test makes itself (issue 26's builders): an account in the given company with its holder card,
// a limit and nothing spent, so what the test reads back is what it did.
import { randomInt } from 'node:crypto';
import { numericOf } from '../../contracts/money.ts';
import type { Db } from '../db/client.ts';
import { accounts, cards } from '../db/schema.ts';
import { freshCpf } from './builders.ts';

export interface BuiltCard {
  account: typeof accounts.$inferSelect;
  card: typeof cards.$inferSelect;
}

export async function buildCard(
  db: Db,
  opts: { companyId: number; creditLimitCents?: number; holderName?: string; status?: 'Actived' | 'Blocked' },
): Promise<BuiltCard> {
  const last4 = String(randomInt(10_000)).padStart(4, '0');
  const [account] = await db
    .insert(accounts)
    .values({
      // Above the seed's numbers (it counts from 1 per company), so keyset pages of seeded rows are unchanged.
      accountNumber: BigInt(9_000_000_000 + randomInt(1_000_000_000)),
      companyId: opts.companyId,
      holderName: opts.holderName ?? 'PORTADORA CONSTRUIDA',
      motherName: 'MAE DA PORTADORA',
      email: 'portadora@exemplo.com.br',
      cellDdd: '11',
      cellPhone: '912345678',
      zipCode: '01310100',
      address: 'AVENIDA PAULISTA',
      addressNumber: '1000',
      district: 'BELA VISTA',
      city: 'SAO PAULO',
      state: 'SP',
      gender: 'F',
      birthDate: '1990-05-17',
      documentNumber: freshCpf(),
      creditLimit: numericOf(opts.creditLimitCents ?? 100_000),
    })
    .returning();
  if (!account) throw new Error('account insert returned nothing');
  const [card] = await db
    .insert(cards)
    .values({
      accountId: account.id,
      last4,
      logo: 1,
      embossName: 'PORTADORA CONSTRUIDA',
      status: opts.status ?? 'Actived',
      blockCode: opts.status === 'Blocked' ? 'BE' : null,
    })
    .returning();
  if (!card) throw new Error('card insert returned nothing');
  return { account, card };
}
