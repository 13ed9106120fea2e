// Second factor and step-up (issue 16, decision 091): the operator's own TOTP factor (status, enrolment, code after
// the password, recovery codes, disabling), the confirmation a sensitive call asks for, an Administrador's reset of
// a user's factor, and the company's rule that every profile enrols one. Inputs and answers are the contract's
// (contracts/second-factor.ts).
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';

export async function secondFactorRoutes(_app: FastifyInstance, _ctx: ProviderContext) {
  // Built by the second-factor work (decision 091).
}
