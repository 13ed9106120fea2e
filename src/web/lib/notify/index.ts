export { type NotifyType, notify } from './notify.ts';
