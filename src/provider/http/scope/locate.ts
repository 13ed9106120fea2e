// Where each call names its company or card (policy.ts's CompanyNamedBy / CardNamedBy), read from the parsed call.
import type { CardNamedBy, CompanyNamedBy } from '../../../contracts/policy.ts';
import type { CardKey } from './card.ts';
import type { CompanyKey } from './company.ts';

/** A parsed call as the scope step reads it; `filters` are an export's, parsed by its kind. */
export interface CallInput {
  params: Record<string, unknown>;
  headers: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  filters?: Record<string, unknown>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export function companyKeyOf(by: CompanyNamedBy, input: CallInput): CompanyKey {
  const pick = (from: Record<string, unknown>, cnpj: string, relationCode?: string): CompanyKey => {
    const key: CompanyKey = {};
    const c = text(from[cnpj]);
    if (c !== undefined) key.cnpj = c;
    const r = relationCode === undefined ? undefined : text(from[relationCode]);
    if (r !== undefined) key.relationCode = r;
    return key;
  };
  switch (by) {
    case 'cnpj and relationcode headers':
      return pick(input.headers, 'cnpj', 'relationcode');
    case 'cnpj header':
      return pick(input.headers, 'cnpj');
    case 'relationCode of the body': {
      const relationCode = text(fieldsOf(input.body).relationCode);
      return relationCode === undefined ? {} : { relationCode };
    }
    case 'cnpj and relationCode of the filters':
      return pick(input.filters ?? {}, 'cnpj', 'relationCode');
    case 'cnpj of the filters':
      return pick(input.filters ?? {}, 'cnpj');
  }
}

export function cardKeyOf(by: CardNamedBy, input: CallInput): CardKey {
  const accountId = String(input.params.uuid ?? '');
  switch (by) {
    case 'last4digits header':
      return { accountId, last4: text(input.headers.last4digits) ?? '' };
    case 'last4 digits of the body': {
      const body = fieldsOf(input.body);
      return { accountId, last4: text(body.last4digits) ?? text(body.last4Digits) ?? '' };
    }
    case 'holder card':
      return { accountId, last4: null };
    case 'uuid and last4 of the filters': {
      const filters = input.filters ?? {};
      return { accountId: String(filters.uuid ?? ''), last4: text(filters.last4) ?? '' };
    }
  }
}
