// Bulk changes (issue 18.2): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
import type { EndpointSpec } from './contract.ts';

export const bulkSpecs = {} as const satisfies Record<string, EndpointSpec>;
