export { logout } from './api/logout.ts';
export { useRestoreSession, useSessionReadFailure } from './api/session.ts';
