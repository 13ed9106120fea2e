// The used amount's SQL predicate and the history screen's status mapping are one rule: on every combination of
// drop, capture and password validation, the rows the SQL counts are the ones the mapping shows as APROVADA.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApprovedAuthorization } from '../../contracts/authorization-status.ts';
import { createDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { accounts, authorizations, companies } from '../db/schema.ts';
import { freshDatabase } from '../test/harness.ts';
import { approvedAuthorization, usedCents } from './limit-usage.ts';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let accountId: string;

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrate(fresh.handle);
  db = createDb(fresh.handle);
  const [company] = await db
    .insert(companies)
    .values({ cnpj: '11222333000181', corporateName: 'Teste Ltda', relationCode: '000999' })
    .returning({ id: companies.id });
  const [account] = await db
    .insert(accounts)
    .values({
      accountNumber: 1n,
      companyId: (company as { id: number }).id,
      holderName: 'Ana Teste Silva',
      motherName: 'Maria Teste Silva',
      email: 'ana@exemplo.com.br',
      cellDdd: '11',
      cellPhone: '999999999',
      zipCode: '01001000',
      address: 'Praça da Sé',
      addressNumber: '1',
      district: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      gender: 'F',
      birthDate: '1990-01-01',
      documentNumber: '52998224725',
      creditLimit: '10000.00',
    })
    .returning({ id: accounts.id });
  accountId = (account as { id: string }).id;
}, 120_000);
afterAll(() => fresh.drop());

describe('approved authorization: SQL and contracts agree', () => {
  it('counts exactly the rows the history shows as APROVADA, open ones only', async () => {
    const drops = ['NORMAL', 'APROVADA', 'NEGADA', 'ONLINE', 'CANCELADA', 'OFFLINE', 'PENDENTE', 'normal'];
    const rows = drops.flatMap((descDrop, d) =>
      [false, true].flatMap((capturedOffline) =>
        [false, true].flatMap((passwordValidated) =>
          [false, true].map((settled) => ({
            accountId,
            tmsIncl: new Date('2026-03-01T10:00:00Z'),
            numAuthorization: String(d),
            establishmentName: 'LOJA',
            mainValue: '1.00',
            valueBrl: `${d + 1}.${capturedOffline ? 1 : 0}${passwordValidated ? 1 : 0}`,
            descResponseTransaction: 'RESPOSTA',
            descDrop,
            capturedOffline,
            passwordValidated,
            settledAt: settled ? new Date('2026-03-22T12:00:00Z') : null,
          })),
        ),
      ),
    );
    const inserted = await db.insert(authorizations).values(rows).returning();
    const bySql = await db
      .select({ id: authorizations.id })
      .from(authorizations)
      .where(sql`${eq(authorizations.accountId, accountId)} and ${approvedAuthorization}`);
    const byRule = inserted.filter((r) => isApprovedAuthorization(r)).map((r) => r.id);
    expect(bySql.map((r) => r.id).sort()).toEqual(byRule.sort());
    expect(byRule.length).toBe(2 * 4 + 2); // NORMAL in every capture, APROVADA only offline without password

    const open = inserted.filter((r) => r.settledAt === null && isApprovedAuthorization(r));
    const expected = open.reduce((sum, r) => sum + Math.round(Number(r.valueBrl) * 100), 0);
    expect(await usedCents(db, accountId)).toBe(expected);
  });
});
