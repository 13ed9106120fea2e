export { logout } from './api/logout.ts';
