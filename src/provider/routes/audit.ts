// Registered in app.ts; the audit trail screen (issue 16) fills it.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';

export async function auditRoutes(_app: FastifyInstance, _ctx: ProviderContext) {}
