/**
 * `@limbic/protocol/errors`: only the error table and the clients' error class, for browser code (the dashboard)
 * that needs nothing else of the wire contract and should not typecheck or bundle the rest.
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
  errorMessages,
  errorTable,
  isErrorCode,
  isServerError,
  type ServerError,
  serverError,
  statusOf,
} from './errors.js';
