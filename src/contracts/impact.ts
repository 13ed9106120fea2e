// Impact preview (issue 18.3): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
import type { EndpointSpec } from './contract.ts';

export const impactSpecs = {} as const satisfies Record<string, EndpointSpec>;
