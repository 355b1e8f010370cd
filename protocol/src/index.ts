/**
 * @limbic/protocol: Limbic's wire contract, pure and without I/O. The one error table (code → HTTP status,
 * WebSocket close code, default message) that the gateway answers with, and the one error class that clients (the
 * typed client, the bot kit, the dashboard) receive.
 * @module
 */
export {
  isLimbicApiError,
  isServerErrorCode,
  LimbicApiError,
  type LimbicApiErrorCode,
  type LimbicApiErrorOptions,
  type LimbicClientErrorCode,
  type LimbicServerErrorCode,
  toApiError,
} from './api-error.js';
export {
  closeCodes,
  closeReasons,
  type ErrorBody,
  type ErrorCode,
  type ErrorEntry,
  errorCodeOf,
  errorCodes,
  errorTable,
  isErrorCode,
  statusOf,
} from './errors.js';
