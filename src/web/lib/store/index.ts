export * from './app-store.ts';
export { waitForHydration } from './hydration.ts';
export * from './memory-store.ts';
