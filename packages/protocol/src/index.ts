export type { Client, Contract, Handlers, MethodSpec } from './channel/contract.ts'
export {
  type HostClient,
  type HostContract,
  type HostHandlers,
  hostContract,
  type ModalClient,
  type ModalContract,
  type ModalHandlers,
  modalContract,
} from './channel/contracts.ts'
export { jsonSize, MAX_MESSAGE_BYTES, type ReplyEnvelope, replyEnvelopeSchema } from './channel/envelope.ts'
export { type DropReason, exposeMethods, logDrop, type OnDrop } from './channel/exposeMethods.ts'
export { toValidationIssues } from './channel/toValidationIssues.ts'
export { wrapRemote } from './channel/wrapRemote.ts'
export {
  APP_KIT_ERROR_CODES,
  AppKitError,
  type AppKitErrorCode,
  type AppKitErrorParameters,
} from './errors/AppKitError.ts'
export {
  ConnectionRejectedError,
  DisconnectedError,
  FrameLoadFailedError,
  FrameRequestTimeoutError,
  InvalidAppConfigurationError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  InvalidProjectIdError,
  ModalClosedError,
  NetworkNotFoundError,
  NotReadyError,
  ProjectIdNotConfiguredError,
  RateLimitedError,
  RpcNotAllowedError,
  ServerError,
  SiwxConfigConflictError,
  UnrecognizedChainError,
  UnsupportedMethodError,
} from './errors/errors.ts'
export {
  deserializeError,
  type SerializedError,
  serializedErrorSchema,
  serializeError,
} from './errors/serializeError.ts'
export { ValidationError, type ValidationIssue } from './errors/ValidationError.ts'
export { isAllowlistEnforced } from './origin/isAllowlistEnforced.ts'
export { isOriginAllowed, matchOrigin } from './origin/matchOrigin.ts'
export { type OriginPattern, parseOriginPattern } from './origin/parseOriginPattern.ts'
export { toFrameAncestors } from './origin/toFrameAncestors.ts'
export {
  classifyRequest,
  type RequestClass,
  SAFE_METHODS,
  type SafeMethod,
  UNSAFE_METHODS,
  type UnsafeMethod,
} from './rpc/methods.ts'
export {
  type AnalyticsEvent,
  type ApiError,
  allowedOriginsSchema,
  analyticsEventSchema,
  analyticsQuerySchema,
  apiErrorSchema,
  type CreateProject,
  createProjectSchema,
  type JsonRpcRequest,
  jsonRpcBodySchema,
  jsonRpcRequestSchema,
  jsonRpcResponseSchema,
  MAX_RPC_BATCH,
  type ProjectConfig,
  projectConfigSchema,
  projectIdSchema,
  rpcProxyQuerySchema,
} from './schemas/api.ts'
export {
  type CaipAddress,
  type CaipNetworkId,
  caipAddressSchema,
  caipNetworkIdSchema,
  NAMESPACES,
  type Namespace,
  namespaceSchema,
} from './schemas/caip.ts'
export {
  type AccountState,
  accountStateSchema,
  type ConnectionStatus,
  connectionStatusSchema,
  type HostSnapshot,
  hostSnapshotSchema,
  MODAL_EVENTS,
  type ModalEvent,
  modalEventSchema,
  type NetworkSummary,
  networkSummarySchema,
  type OpenArgs,
  openArgsSchema,
  type RpcRequest,
  rpcRequestSchema,
} from './schemas/channel.ts'
export {
  CONNECT_METHODS,
  type Features,
  featuresSchema,
  type InitOptions,
  initOptionsSchema,
  type Metadata,
  metadataSchema,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  siwxOptionsSchema,
  socialProviderSchema,
  type ThemeMode,
  type ThemeVariables,
  themeModeSchema,
  themeVariablesSchema,
} from './schemas/initOptions.ts'
export { VIEWS, type View, viewSchema } from './schemas/views.ts'
export {
  type AnnouncedWallet,
  announcedWalletSchema,
  announcedWalletsSchema,
  type InjectedConnection,
  type InjectedEvent,
  injectedConnectionSchema,
  injectedEventSchema,
  injectedRequestSchema,
  MAX_ANNOUNCED_WALLETS,
  MAX_WALLET_ICON_CHARS,
  walletIconSchema,
} from './schemas/wallets.ts'
