export { NOTIFY_COLORS, NOTIFY_SHADES, type NotifyType, notify } from './notify.ts';
