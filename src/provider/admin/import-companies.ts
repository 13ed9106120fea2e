// Companies and their relationships, created or brought up to date from a file: idempotent by CNPJ, all rows in
// one transaction, so a file either lands whole or not at all.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import type { CompanyRow } from './company-rows.ts';

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
}

export async function importCompanies(db: Db, rows: CompanyRow[]): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const values = {
        corporateName: row.razaoSocial,
        relationCode: row.codigoRelacionamento,
        relationshipLimit: row.limiteRelacionamento,
      };
      const [existing] = await tx.select().from(companies).where(eq(companies.cnpj, row.cnpj)).for('update');
      if (!existing) {
        await tx.insert(companies).values({ cnpj: row.cnpj, ...values });
        summary.created += 1;
      } else if (
        existing.corporateName === values.corporateName &&
        existing.relationCode === values.relationCode &&
        Number(existing.relationshipLimit) === Number(values.relationshipLimit)
      ) {
        summary.unchanged += 1;
      } else {
        await tx.update(companies).set(values).where(eq(companies.id, existing.id));
        summary.updated += 1;
      }
    }
  });
  return summary;
}
