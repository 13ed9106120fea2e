// The contracts in one import, for the server and the screens loaded after sign-in. The modules the login route
// loads first (the web's entry) import the module they need instead: importing this one puts every area's messages
// in the entry, as `messages` is one object (issue 27: the login route's 150 KB budget).
export * from './constants.ts';
export * from './endpoints.ts';
export * from './fields.ts';
export { messages } from './messages.ts';
export * from './proposal-rules.ts';
export { type EndpointRoute, endpointRoutes } from './routes.ts';
export * from './schemas.ts';
