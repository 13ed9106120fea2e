// Lifecycle radar (issue 18.5): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
import type { EndpointSpec } from './contract.ts';

export const radarSpecs = {} as const satisfies Record<string, EndpointSpec>;
