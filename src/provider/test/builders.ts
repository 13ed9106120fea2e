// Builders: the rows a test depends on, made by the test itself (issue 26), so what it reads is what it wrote.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Profile } from '../../contracts/profiles.ts';
import { accounts, cards, companies, portalUsers, userCompanies } from '../db/schema.ts';
import { cpfFrom } from '../db/seed/seed.ts';
import type { Harness } from './harness.ts';

let seq = 0;

/** A valid CPF no seeded row holds (the seed draws from another range). */
export const freshCpf = () =>
  cpfFrom(`7${String(process.pid % 1000).padStart(3, '0')}${String(seq++ % 100_000).padStart(5, '0')}`);

export interface BuiltUser {
  id: string;
  login: string;
  document: string;
  email: string;
  name: string;
}

/**
 * A portal user linked to the given companies (by CNPJ) with a profile in each, signing in with `password` when given
 * (hashed like the demo's), otherwise unusable for sign-in.
 */
export async function buildUser(
  h: Harness,
  opts: { cnpjs: readonly string[]; profile?: Profile; status?: 'ATIVO' | 'INATIVO'; passwordOf?: string },
): Promise<BuiltUser> {
  const n = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
  const login = `construido.${n}`;
  const name = `Usuária Construída ${n}`.slice(0, 60);
  const [hash] = opts.passwordOf
    ? await h.db
        .select({ hash: portalUsers.passwordHash })
        .from(portalUsers)
        .where(eq(portalUsers.login, opts.passwordOf))
    : [{ hash: 'scrypt$unusable' }];
  const [row] = await h.db
    .insert(portalUsers)
    .values({
      login,
      document: freshCpf(),
      name,
      email: `${login}@exemplo.com.br`,
      ddi: 55,
      ddd: 11,
      mobile: 912345678,
      status: opts.status ?? 'ATIVO',
      passwordHash: hash?.hash ?? 'scrypt$unusable',
      mustChangePassword: false,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  for (const cnpj of opts.cnpjs) {
    const [company] = await h.db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, cnpj));
    if (!company) throw new Error(`no company ${cnpj}`);
    await h.db
      .insert(userCompanies)
      .values({ userId: row.id, companyId: company.id, profile: opts.profile ?? 'CONSULTA' });
  }
  return { id: row.id, login, document: row.document, email: row.email, name };
}

let companySeq = 0;

/** A company of its own (a CNPJ no seeded row holds), with no holders. */
export async function buildCompany(h: Harness, name = 'Empresa Construída'): Promise<typeof companies.$inferSelect> {
  companySeq += 1;
  const cnpj = `9${String(process.pid % 10_000).padStart(4, '0')}${String(companySeq).padStart(5, '0')}0001`.slice(
    0,
    14,
  );
  const [row] = await h.db
    .insert(companies)
    .values({ cnpj, corporateName: `${name} ${companySeq}`, relationCode: `R${companySeq}` })
    .returning();
  if (!row) throw new Error('company insert returned nothing');
  return row;
}

let accountSeq = 0;

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

/** Holders (an account and its holder card each) of a company, in the order given (account numbers ascending). */
export async function buildHolders(
  h: Harness,
  companyId: number,
  specs: readonly HolderSpec[],
): Promise<{ uuid: string; accountNumber: string; cpf: string; last4: string; spec: HolderSpec }[]> {
  const base = 9_000_000_000n + BigInt(process.pid % 1000) * 10_000_000n;
  const rows = specs.map((spec) => {
    accountSeq += 1;
    return {
      spec,
      accountNumber: base + BigInt(accountSeq),
      cpf: spec.cpf ?? freshCpf(),
      last4: spec.last4 ?? String(randomInt(10_000)).padStart(4, '0'),
    };
  });
  const inserted = await h.db
    .insert(accounts)
    .values(
      rows.map((r) => ({
        accountNumber: r.accountNumber,
        companyId,
        holderName: r.spec.name,
        motherName: 'Mãe Construída',
        email: 'portador@exemplo.com.br',
        cellDdd: '11',
        cellPhone: '912345678',
        zipCode: '01310100',
        address: 'Avenida Paulista',
        addressNumber: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        gender: 'F',
        birthDate: '1980-01-01',
        documentNumber: r.cpf,
        creditLimit: '1000.00',
        statusDescription: r.spec.statusDescription ?? 'NORMAL',
        accountBlockingCodeTwo: r.spec.accountBlockingCodeTwo ?? null,
        accountWarningCode: r.spec.accountWarningCode ?? null,
      })),
    )
    .returning({ id: accounts.id, accountNumber: accounts.accountNumber });
  const idOf = new Map(inserted.map((a) => [a.accountNumber, a.id]));
  await h.db.insert(cards).values(
    rows.map((r) => ({
      accountId: idOf.get(r.accountNumber) as string,
      last4: r.last4,
      last4TwoWay: r.spec.last4TwoWay ?? null,
      logo: r.spec.logo ?? 1,
      status: r.spec.status ?? 'Actived',
      blockCode: r.spec.blockCode ?? null,
      activeFlag: r.spec.activeFlag ?? 'S',
      embossName: r.spec.name.slice(0, 26).toUpperCase(),
    })),
  );
  return rows.map((r) => ({
    uuid: idOf.get(r.accountNumber) as string,
    accountNumber: r.accountNumber.toString(),
    cpf: r.cpf,
    last4: r.last4,
    spec: r.spec,
  }));
}
