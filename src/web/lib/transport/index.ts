export { ApiError, isApiError, messageOf, NETWORK_ERROR_CODE } from './api-error.ts';
export { type CallOptions, callApi } from './call-api.ts';
export { MISSING_KEY_CODE, STARTUP_FAILED_CODE, startTransport, startTransportOnce } from './start-transport.ts';
export { handleUnauthorized, setUnauthorizedHandler } from './unauthorized.ts';
