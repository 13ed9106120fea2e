// What the security suites aim at: a company's resources, built for the suite in its own database (issue 26): the
// target's company, holder, user and invoices. The calls naming them are in aimed-calls.ts.
import type { Profile } from '../contracts/profiles.ts';
import { validProposal } from '../contracts/test/proposal-fixture.ts';
import {
  type Builds,
  type BuiltCompany,
  buildCard,
  buildCompany,
  buildInvoices,
  buildUser,
  freshCpf,
  type Member,
} from '../provider/test/builders/index.ts';

export { freshCpf };

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

/** A company the suites aim at, with the operators acting for it and its closed invoices. */
export interface TargetCompany {
  company: BuiltCompany;
  /** The due date of its newest invoice, and that invoice's digitable line. */
  dueDate: string;
  digitableLine: string | null;
}

/**
 * A company for the suites to aim at: linked to `members` (the operators who act for it; none, for a company that is
 * only ever a foreign one), with a billing cycle and closed invoices as of `reference`.
 */
export async function buildTargetCompany(
  t: Builds,
  opts: { members?: readonly Member[]; reference?: Date } = {},
): Promise<TargetCompany> {
  const company = await buildCompany(t, { members: opts.members ?? [] });
  const [newest] = await buildInvoices(t, company, opts.reference ?? new Date());
  if (!newest) throw new Error('the target company has no closed invoice');
  return { company, dueDate: newest.dueDate, digitableLine: newest.digitableLine };
}

/**
 * A target in the company: a live holder (NORMAL account, Actived card) and a user of this company only, both built
 * for it, so suites can give each endpoint a holder and a user of its own. `login` names the user.
 */
export async function buildTarget(
  t: Builds,
  of: TargetCompany,
  opts: { login?: string; profile?: Profile } = {},
): Promise<Target> {
  const { company } = of;
  const { account, card } = await buildCard(t, company);
  // Of this company only, an Administrador unless said; it could sign in, but the suites only name it in calls.
  const user = await buildUser(t, {
    companies: [{ company, profile: opts.profile ?? 'ADMINISTRADOR' }],
    password: 'SenhaDoAlvo2026',
    ...(opts.login ? { login: opts.login } : {}),
  });
  return {
    company,
    account: {
      uuid: account.id,
      last4: card.last4,
      cpf: account.documentNumber,
      holderName: account.holderName,
      motherName: account.motherName,
      email: account.email,
      accountNumber: String(account.accountNumber),
    },
    user: { document: user.document, login: user.login, name: user.name, email: user.email },
    dueDate: of.dueDate,
    digitableLine: of.digitableLine,
  };
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

export function proposalFor(t: Target, documentNumber = freshCpf()) {
  return validProposal(t.company.relationCode, documentNumber, { creditLimit: 100 });
}
