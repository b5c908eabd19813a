import type * as protocol from '@modalkit/protocol'
import {
  ActionNotAllowedError,
  AdapterNotFoundError,
  type AppKitError,
  AtomicityNotSupportedError,
  AuthInitFailedError,
  CallsStatusNotApprovedError,
  ChainNotSupportedError,
  ConnectionRejectedError,
  DisconnectChainsFailedError,
  DisconnectedError,
  DisconnectFailedError,
  DuplicateCallsIdError,
  EmailCooldownError,
  EmailDependencyLoadError,
  FailedToConnectError,
  FarcasterConnectFailedError,
  FrameError,
  FrameLoadFailedError,
  FrameRequestTimeoutError,
  GasPriceNetworkUnsupportedError,
  HashSigningRefusedError,
  InsufficientBalanceError,
  InvalidAmountError,
  InvalidAppConfigurationError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  InvalidConnectionStatusError,
  InvalidKeyError,
  InvalidProjectIdError,
  InvalidRecipientError,
  JwtNotYetValidError,
  MissingCapabilitiesAddressError,
  MissingRpcUrlError,
  ModalClosedError,
  NamespaceNotConfiguredError,
  NetworkNotFoundError,
  NoActiveCaipAddressError,
  NoActiveCaipNetworkError,
  NoAuthConnectorError,
  NoConnectionClientError,
  type NodeErrorCode,
  NotConnectedError,
  NotConnectedToEmbeddedError,
  NotReadyError,
  OnrampAmountOutOfRangeError,
  type OnrampPaymentMethod,
  OriginNotAllowedError,
  PayDisabledError,
  PaymentInProgressError,
  PopupClosedError,
  ProjectIdNotConfiguredError,
  RateLimitedError,
  RequestAbortedError,
  RpcNotAllowedError,
  ServerError,
  ServiceUnavailableError,
  SessionExpiredError,
  SignClientNotInitializedError,
  SignMessageFailedError,
  SiwxConfigConflictError,
  SiwxNeedsApprovalError,
  SiwxNotEnabledError,
  SmartAccountUnavailableError,
  SocialConnectFailedError,
  SomethingWentWrongError,
  SwapsNetworkUnsupportedError,
  TokenBalanceUnavailableError,
  TransactionsFetchFailedError,
  UnknownBundleIdError,
  UnrecognizedChainError,
  UnsupportedCapabilityError,
  UnsupportedMethodError,
  UnverifiedDomainError,
  UserRejectedRequestError,
  ValidationError,
} from '@modalkit/protocol'

type Protocol = typeof protocol
/** The error classes packages/protocol exports (AppKitError itself is the base, not a sentence). */
type ErrorClassName = Exclude<
  {
    [K in keyof Protocol]: Protocol[K] extends abstract new (...args: never[]) => AppKitError ? K : never
  }[keyof Protocol],
  'AppKitError'
>

/**
 * An error's sentence, named: a class's name; the on-ramp's limits once per payment method (its
 * sentence names the method in words); a node's error by its code (NodeError's sentence is one per
 * code, and comes from a table of packages/protocol, not from the class).
 */
export type ErrorId =
  | Exclude<ErrorClassName, 'NodeError' | 'OnrampAmountOutOfRangeError'>
  | `OnrampAmountOutOfRangeError.${OnrampPaymentMethod}`
  | NodeErrorCode

/**
 * A value of a sentence, given to the class as `{name}`: the class then writes its own sentence as a
 * template, so the English words are never spelled outside packages/protocol (SPEC §8).
 */
const param = (name: string) => `{${name}}`
const outOfRange = (method: OnrampPaymentMethod) =>
  new OnrampAmountOutOfRangeError(method, { min: param('min'), max: param('max') }, param('currency'))

/**
 * One error of each sentence of packages/protocol's catalogue, as a template: what describeError
 * recognises an error by (its code and words), whether it is that class or came from a frame as data.
 * A class added to packages/protocol fails the typecheck here until it has its sample.
 */
export const ERROR_SAMPLES: Readonly<Record<Exclude<ErrorId, NodeErrorCode>, AppKitError>> = {
  ActionNotAllowedError: new ActionNotAllowedError(),
  AdapterNotFoundError: new AdapterNotFoundError(),
  AtomicityNotSupportedError: new AtomicityNotSupportedError(),
  AuthInitFailedError: new AuthInitFailedError(),
  CallsStatusNotApprovedError: new CallsStatusNotApprovedError(),
  ChainNotSupportedError: new ChainNotSupportedError(''),
  ConnectionRejectedError: new ConnectionRejectedError(),
  DisconnectChainsFailedError: new DisconnectChainsFailedError([param('namespaces')]),
  DisconnectFailedError: new DisconnectFailedError(),
  DisconnectedError: new DisconnectedError(),
  DuplicateCallsIdError: new DuplicateCallsIdError(),
  // The class takes the number of seconds; its sentence only writes it.
  EmailCooldownError: new EmailCooldownError(param('seconds') as unknown as number),
  EmailDependencyLoadError: new EmailDependencyLoadError(),
  FailedToConnectError: new FailedToConnectError(),
  FarcasterConnectFailedError: new FarcasterConnectFailedError(),
  FrameError: new FrameError(),
  FrameLoadFailedError: new FrameLoadFailedError(),
  FrameRequestTimeoutError: new FrameRequestTimeoutError(),
  GasPriceNetworkUnsupportedError: new GasPriceNetworkUnsupportedError(),
  HashSigningRefusedError: new HashSigningRefusedError(),
  InsufficientBalanceError: new InsufficientBalanceError(),
  InvalidAmountError: new InvalidAmountError(),
  InvalidAppConfigurationError: new InvalidAppConfigurationError(),
  InvalidCaipAddressError: new InvalidCaipAddressError(''),
  InvalidCaipNetworkIdError: new InvalidCaipNetworkIdError(''),
  InvalidConnectionStatusError: new InvalidConnectionStatusError(),
  InvalidKeyError: new InvalidKeyError(),
  InvalidProjectIdError: new InvalidProjectIdError(),
  InvalidRecipientError: new InvalidRecipientError(),
  JwtNotYetValidError: new JwtNotYetValidError(),
  MissingCapabilitiesAddressError: new MissingCapabilitiesAddressError(),
  MissingRpcUrlError: new MissingRpcUrlError(),
  ModalClosedError: new ModalClosedError(),
  NamespaceNotConfiguredError: new NamespaceNotConfiguredError(''),
  NetworkNotFoundError: new NetworkNotFoundError(),
  NoActiveCaipAddressError: new NoActiveCaipAddressError(),
  NoActiveCaipNetworkError: new NoActiveCaipNetworkError(),
  NoAuthConnectorError: new NoAuthConnectorError(),
  NoConnectionClientError: new NoConnectionClientError(),
  NotConnectedError: new NotConnectedError(),
  NotConnectedToEmbeddedError: new NotConnectedToEmbeddedError(),
  NotReadyError: new NotReadyError(),
  'OnrampAmountOutOfRangeError.card': outOfRange('card'),
  'OnrampAmountOutOfRangeError.ach_bank_account': outOfRange('ach_bank_account'),
  OriginNotAllowedError: new OriginNotAllowedError(),
  PayDisabledError: new PayDisabledError(),
  PaymentInProgressError: new PaymentInProgressError(),
  PopupClosedError: new PopupClosedError(),
  ProjectIdNotConfiguredError: new ProjectIdNotConfiguredError(),
  RateLimitedError: new RateLimitedError(),
  RequestAbortedError: new RequestAbortedError(),
  RpcNotAllowedError: new RpcNotAllowedError(''),
  ServerError: new ServerError(),
  ServiceUnavailableError: new ServiceUnavailableError(),
  SessionExpiredError: new SessionExpiredError(),
  SignClientNotInitializedError: new SignClientNotInitializedError(),
  SignMessageFailedError: new SignMessageFailedError(),
  SiwxConfigConflictError: new SiwxConfigConflictError(),
  SiwxNeedsApprovalError: new SiwxNeedsApprovalError(),
  SiwxNotEnabledError: new SiwxNotEnabledError(),
  SmartAccountUnavailableError: new SmartAccountUnavailableError(),
  SocialConnectFailedError: new SocialConnectFailedError(),
  SomethingWentWrongError: new SomethingWentWrongError(),
  SwapsNetworkUnsupportedError: new SwapsNetworkUnsupportedError(),
  TokenBalanceUnavailableError: new TokenBalanceUnavailableError(),
  TransactionsFetchFailedError: new TransactionsFetchFailedError(),
  UnknownBundleIdError: new UnknownBundleIdError(),
  UnrecognizedChainError: new UnrecognizedChainError(''),
  UnsupportedCapabilityError: new UnsupportedCapabilityError(''),
  UnsupportedMethodError: new UnsupportedMethodError(''),
  UnverifiedDomainError: new UnverifiedDomainError(),
  UserRejectedRequestError: new UserRejectedRequestError(),
  ValidationError: new ValidationError(param('what'), []),
}
