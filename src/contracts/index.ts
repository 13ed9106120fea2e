export * from './constants.ts';
export * from './endpoints.ts';
export * from './fields.ts';
export { messages } from './messages.ts';
export * from './schemas.ts';
