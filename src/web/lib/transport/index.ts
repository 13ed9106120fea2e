export {
  ApiError,
  type ApiErrorCode,
  BAD_RESPONSE_CODE,
  isApiError,
  MISSING_KEY_CODE,
  messageOf,
  NETWORK_ERROR_CODE,
  STARTUP_FAILED_CODE,
  TIMEOUT_CODE,
} from './api-error.ts';
export { type CallOptions, callApi } from './call-api.ts';
export { startTransport, startTransportOnce } from './start-transport.ts';
export { handleUnauthorized, setUnauthorizedHandler } from './unauthorized.ts';
