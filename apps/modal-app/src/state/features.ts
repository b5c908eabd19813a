import { activeConnector } from '../connectors/registry.ts'
import type { FeatureDeps } from './createViewActions.ts'
import { createNameActions } from './names/createNameActions.ts'
import { createOnrampActions } from './onramp/createOnrampActions.ts'
import { createSendActions } from './send/createSendActions.ts'
import { createSwapActions } from './swap/createSwapActions.ts'

// The factories `useFeature` takes: each is imported by its views only, so it travels in their chunk.

/** Swap view: the router's tokens, quotes, approve then swap. */
export const swapFeature = (deps: FeatureDeps) =>
  createSwapActions({
    ...deps,
    host: deps.host ?? (() => undefined),
    connector: () => activeConnector(deps.connectors, deps.store, 'eip155'),
    refreshBalances: () => deps.accountData.loadTokens(true),
  })

/** WalletSend and WalletSendPreview. */
export const sendFeature = (deps: FeatureDeps) => createSendActions(deps)

/** On-ramp views: options, quote, the provider's popup, the purchase arriving. */
export const onrampFeature = (deps: FeatureDeps) => createOnrampActions(deps)

/** RegisterAccountName: suggestions, availability, the signed registration. */
export const nameFeature = ({ store, api, projectId, connectors, host }: FeatureDeps) =>
  createNameActions({
    store,
    api: {
      getNameSuggestions: (...a) => api.getNameSuggestions?.(...a) ?? Promise.resolve([]),
      registerName: (...a) => api.registerName?.(...a) ?? Promise.reject(new Error('no API')),
    },
    projectId,
    connectors,
    host: host ?? (() => undefined),
  })
