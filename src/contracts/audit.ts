// The audit trail screen (issue 16): schemas and the endpoints' contract entries (routes in routes.ts).
import type { EndpointSpec } from './contract.ts';

export const auditSpecs = {} as const satisfies Record<string, EndpointSpec>;
