export * from './constants.ts';
export * from './endpoints.ts';
export * from './fields.ts';
export { messages } from './messages.ts';
export * from './proposal-rules.ts';
export { type EndpointRoute, endpointRoutes } from './routes.ts';
export * from './schemas.ts';
