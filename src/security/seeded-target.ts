// What the security suites aim at: a company's resources read from the seeded database (the target), and values
// no one in the seed holds.
import { validProposal } from '../contracts/test/proposal-fixture.ts';
import type { SqlRunner } from '../platform/database.ts';
import { cpfFrom } from '../provider/db/seed/seed.ts';

export interface Target {
  company: { id: number; cnpj: string; relationCode: string; corporateName: string };
  /** A live holder of the company (NORMAL account, Actived card). */
  account: {
    uuid: string;
    last4: string;
    cpf: string;
    holderName: string;
    motherName: string;
    email: string;
    accountNumber: string;
  };
  /** A portal user who belongs to this company only. */
  user: { document: string; login: string; name: string; email: string };
  /** A due date with a closed invoice. */
  dueDate: string;
  digitableLine: string | null;
}

/** `holder` picks the company's n-th live holder, so suites can give each endpoint a holder of its own. */
export async function loadTarget(
  sql: SqlRunner,
  corporateNamePrefix: string,
  userLogin: string,
  holder = 0,
): Promise<Target> {
  const one = async <T>(text: string, params: unknown[]): Promise<T> => {
    const { rows } = await sql.query<T>(text, params);
    if (!rows[0]) throw new Error(`no row for ${text} ${JSON.stringify(params)}`);
    return rows[0];
  };
  const company = await one<Target['company']>(
    `select id, cnpj, relation_code as "relationCode", corporate_name as "corporateName"
       from companies where corporate_name like $1`,
    [`${corporateNamePrefix}%`],
  );
  const account = await one<Target['account']>(
    `select a.id as uuid, c.last4, a.document_number as cpf, a.holder_name as "holderName",
            a.mother_name as "motherName", a.email, a.account_number::text as "accountNumber"
       from accounts a join cards c on c.account_id = a.id and c.card_type = 'TITULAR'
      where a.company_id = $1 and a.status_description = 'NORMAL' and c.status = 'Actived' and c.active_flag = 'S'
      order by a.account_number limit 1 offset $2`,
    [company.id, holder],
  );
  const user = await one<Target['user']>(
    `select u.document, u.login, u.name, u.email from portal_users u
      where u.login = $1
        and exists (select 1 from user_companies uc where uc.user_id = u.id and uc.company_id = $2)
        and not exists (select 1 from user_companies uc where uc.user_id = u.id and uc.company_id <> $2)`,
    [userLogin, company.id],
  );
  const invoice = await one<{ dueDate: string; digitableLine: string | null }>(
    `select to_char(due_date, 'YYYY-MM-DD') as "dueDate", digitable_line as "digitableLine"
       from invoices where company_id = $1 order by due_date desc limit 1`,
    [company.id],
  );
  return { company, account, user, ...invoice };
}

/** What a person could read in an answer and should only ever see for their own companies. */
export function secretsOf(t: Target): string[] {
  const list = [
    t.company.corporateName,
    t.account.cpf,
    t.account.holderName,
    t.account.motherName,
    t.account.email,
    t.account.accountNumber,
    t.user.document,
    t.user.name,
    t.user.email,
  ];
  if (t.digitableLine) list.push(t.digitableLine);
  return list;
}

let cpfSeq = 0;
/** A valid CPF nobody in the seed holds (the seed draws from another generator). */
export const freshCpf = () =>
  cpfFrom(`6${String(Date.now() % 1e5).padStart(5, '0')}${String(cpfSeq++ % 1000).padStart(3, '0')}`);

export function proposalFor(t: Target, documentNumber = freshCpf()) {
  return validProposal(t.company.relationCode, documentNumber, { creditLimit: 100 });
}
