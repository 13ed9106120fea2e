export { clearFailure, type Failure, registerFailureHost, useFailure } from './failure.ts';
export { NOTIFY_COLORS, NOTIFY_SHADES, type NotifyOptions, type NotifyType, notify } from './notify.ts';
