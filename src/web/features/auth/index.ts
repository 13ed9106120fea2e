export { logout } from './api/logout.ts';
export { useRestoreSession } from './api/session.ts';
