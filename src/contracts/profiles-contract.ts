// Profiles (issue 16): the contract entries of the profiles' own endpoints (routes in routes.ts, the Profiles block).
// revealCpf: the audited "mostrar" of a Consulta operator's masked CPF (decision 090); revealAddress, of the masked
// address (decision 093).
import { z } from 'zod';
import type { EndpointSpec } from './contract.ts';
import { policy } from './policy.ts';

/** The holder's full CPF, 11 digits, never masked whatever the profile; every answer writes one audit row. */
export const revealCpfResponse = z.object({
  /** The account uuid. */
  uuid: z.string(),
  cardHolder: z.string(),
  documentNumber: z.string().regex(/^\d{11}$/),
});
export type RevealCpfResponse = z.infer<typeof revealCpfResponse>;

/** The holder's full address, as accountData carries it, never masked whatever the profile; one audit row each. */
export const revealAddressResponse = z.object({
  /** The account uuid. */
  uuid: z.string(),
  cardHolder: z.string(),
  /** 8 digits (or empty when the account has none). */
  zipCode: z.string(),
  address: z.string(),
  addressNumber: z.string(),
  addressComplement: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
});
export type RevealAddressResponse = z.infer<typeof revealAddressResponse>;

export const profileSpecs = {
  revealCpf: {
    policy: policy.card('holder card', 'cards.read', {
      notFound: 'HOLDER_NOT_FOUND',
      reveals: { data: ['cpf'], to: 'in full' },
      audits: { trail: 'audit_log', actions: ['cpf.reveal'] },
    }),
    response: revealCpfResponse,
    errors: ['HOLDER_NOT_FOUND'],
  },
  revealAddress: {
    policy: policy.card('holder card', 'cards.read', {
      notFound: 'HOLDER_NOT_FOUND',
      reveals: { data: ['address'], to: 'in full' },
      audits: { trail: 'audit_log', actions: ['address.reveal'] },
    }),
    response: revealAddressResponse,
    errors: ['HOLDER_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointSpec>;
