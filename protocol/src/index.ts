/**
 * @limbic/protocol: Limbic's wire contract, pure and without I/O. The one error table (code → HTTP status,
 * WebSocket close code, default message) that the gateway answers with, and the one error class that clients (the
 * typed client, the bot kit, the dashboard) receive; the WebSocket's messages and their envelope check; the one
 * field-name mapping between the service's (REST's) names and the WebSocket's; the REST and WebSocket views of
 * proactive actions. The REST request schemas (zod) are the engine's own, in `@limbic/core` (`textTurnSchema`,
 * `appraisalTurnSchema`, `personaDefinitionSchema`, `preferencesSchema`), because the in-process API takes the same
 * shapes as REST; the gateway validates with them and generates its OpenAPI document from them. This package
 * imports only types and `@limbic/core/errors` from the core, so a browser bundle stays small.
 * @module
 */

export {
  fromRestAction,
  fromWireAction,
  type RestProactiveAction,
  toRestAction,
  toWireAction,
  type WireProactiveAction,
} from './actions.js';
export * from './errors-entry.js';
export {
  type RenamedField,
  socketFieldNames,
  toServiceFields,
  toSocketFields,
  toSocketIssues,
} from './fields.js';
export {
  type ClientMessage,
  type ClientMessageType,
  clientMessageFields,
  clientMessageTypes,
  describeIssues,
  type ErrorMessage,
  maxRequestIdLength,
  type ParsedMessage,
  parseClientMessage,
  requestIdOf,
  type ServerMessage,
  type ServerMessageType,
  sessionSubprotocol,
  typeOf,
} from './socket.js';
