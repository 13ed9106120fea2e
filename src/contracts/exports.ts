// CSV exports (issue 18.1): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
import type { EndpointSpec } from './contract.ts';

export const exportSpecs = {} as const satisfies Record<string, EndpointSpec>;
