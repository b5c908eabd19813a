import {
  type AccountState,
  AppKitError,
  type CaipAddress,
  EmailCooldownError,
  type FrameUser,
  type InitOptions,
  ModalClosedError,
  type Namespace,
  type SocialProvider,
  socialCallbackSchema,
} from '@modalkit/protocol'
import {
  CONNECT_TIMEOUT_MS,
  DISCONNECT_TIMEOUT_MS,
  type Network,
  RPC_TIMEOUT_MS,
  remainingCooldownSeconds,
  SOCIAL_POPUP,
  STORAGE_PREFIX,
} from '@modalkit/shared'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import {
  accountsAtom,
  approvalAtom,
  type EmailFlow,
  emailFlowAtom,
  emailUpdateAtom,
  historyAtom,
  openAtom,
  type Store,
  selectedNetworkIdAtom,
} from './atoms.ts'
import type { ModalEventName } from './createController.ts'
import { settlePreferredAccountType } from './preferredAccountType.ts'
import { setPendingStatus } from './setPendingStatus.ts'
import { pushView } from './viewStack.ts'

/** SPEC §3 local storage keys (prefix `@appkit-wallet/`). */
export const EMBEDDED_KEYS = {
  email: `${STORAGE_PREFIX}EMAIL`,
  loginUsed: `${STORAGE_PREFIX}EMAIL_LOGIN_USED_KEY`,
  lastLoginTime: `${STORAGE_PREFIX}LAST_EMAIL_LOGIN_TIME`,
  socialProvider: `${STORAGE_PREFIX}SOCIAL_PROVIDER`,
} as const

export const AUTH_CONNECTOR_ID = 'AUTH'

export type EmbeddedContext = {
  store: Store
  /** The secure frame, loaded on first use. */
  frame(): FrameClient
  /** The secure origin: the social popup's callback page is accepted from it only. */
  authOrigin: string
  networks(): readonly Network[]
  siteOrigin(): string | undefined
  siteName(): string | undefined
  /** The site's `defaultAccountTypes` option (SPEC §4). */
  defaultAccountTypes?: () => InitOptions['defaultAccountTypes']
  projectId: string
  version: string
  /** The API's chain proxy URL for a network: the frame reads and sends through it. */
  rpcUrl(caipNetworkId: string): string
  track(event: ModalEventName, properties?: Record<string, string | number | boolean>): void
  emit(event: ModalEventName): void
  close(): void
  storage?: Storage | undefined
  now?: () => number
  /** SPEC §4: after an unsafe success the native balance refreshes before the modal closes. */
  refreshBalance?: () => Promise<void>
}

/** SPEC §8 social login errors: 'Popup closed', 'Failed to initiate social connection', 'Connection rejected'. */
class SocialLoginError extends AppKitError {
  override name = 'SocialLoginError'
  constructor(shortMessage: 'Popup closed' | 'Failed to initiate social connection' | 'Connection rejected') {
    super({ code: shortMessage === 'Connection rejected' ? 4001 : 5000, shortMessage })
  }
}

const message = (error: unknown) =>
  error instanceof AppKitError ? error.shortMessage : 'Something went wrong'

/**
 * The embedded wallet from the modal's side (SPEC §4 e-mail login, §6 unsafe requests): the modal
 * asks, the secure frame logs in, holds the keys and shows every approval itself.
 */
export function createEmbeddedActions(ctx: EmbeddedContext) {
  const { store } = ctx
  const now = ctx.now ?? Date.now
  const read = (key: string) => {
    try {
      return ctx.storage?.getItem(key) ?? undefined
    } catch {
      return undefined
    }
  }
  const write = (key: string, value: string | undefined) => {
    try {
      if (value === undefined) ctx.storage?.removeItem(key)
      else ctx.storage?.setItem(key, value)
    } catch {
      // Storage denied to this frame: the values last for the page only.
    }
  }
  const setFlow = (patch: Partial<EmailFlow>) =>
    store.set(emailFlowAtom, (flow) => (flow ? { ...flow, ...patch } : flow))

  const isConnected = (namespace?: Namespace) =>
    store
      .get(accountsAtom)
      .some(
        (a) =>
          a.connectorId === AUTH_CONNECTOR_ID &&
          a.status === 'connected' &&
          (namespace === undefined || a.namespace === namespace),
      )

  const setStatus = (status: 'connecting' | 'disconnected') =>
    store.set(accountsAtom, (accounts) => setPendingStatus(accounts, ['eip155', 'solana'], status))

  /** The frame's user as account state, on the selected chain of each namespace. */
  const applyUser = (user: FrameUser) => {
    const networks = ctx.networks()
    const selected = store.get(selectedNetworkIdAtom)
    const chainOf = (namespace: Namespace) =>
      networks.find((n) => n.caipNetworkId === selected && n.chainNamespace === namespace) ??
      networks.find((n) => n.chainNamespace === namespace)
    const accounts: AccountState[] = []
    for (const account of user.accounts) {
      const network = chainOf(account.namespace)
      if (!network) continue
      accounts.push({
        namespace: account.namespace,
        status: 'connected',
        address: account.address,
        caipAddress: `${network.caipNetworkId}:${account.address}` as CaipAddress,
        type: account.type,
        connectorId: AUTH_CONNECTOR_ID,
      })
    }
    store.set(accountsAtom, (current) => [
      ...current.filter((a) => !accounts.some((b) => b.namespace === a.namespace)),
      ...accounts,
    ])
  }

  const finish = async (social?: SocialProvider) => {
    // A wallet just made shows its recovery text in the secure frame first, and is usable (GET_USER
    // answers) only once the user typed it back there (issue 14); they take the time they need, so
    // no timeout.
    await ctx.frame().request('EXPORT_RECOVERY', {})
    const user = await ctx.frame().request('GET_USER', {}, CONNECT_TIMEOUT_MS)
    applyUser(user)
    const evmAddress = user.accounts.find((a) => a.namespace === 'eip155')?.address
    const type = await settlePreferredAccountType(
      ctx.frame(),
      ctx.storage,
      ctx.defaultAccountTypes?.(),
      evmAddress,
    )
    store.set(accountsAtom, (accounts) =>
      accounts.map((a) =>
        a.namespace === 'eip155' && a.connectorId === AUTH_CONNECTOR_ID ? { ...a, type } : a,
      ),
    )
    const email = social ? undefined : store.get(emailFlowAtom)?.email
    // SPEC §4: on success the e-mail and the login-used flag are stored, the last login time cleared.
    if (email) write(EMBEDDED_KEYS.email, email)
    if (social) write(EMBEDDED_KEYS.socialProvider, social)
    write(EMBEDDED_KEYS.loginUsed, 'true')
    write(EMBEDDED_KEYS.lastLoginTime, undefined)
    store.set(emailFlowAtom, undefined)
    ctx.track('CONNECT_SUCCESS', { name: social ?? 'Email' })
    ctx.close()
  }

  /**
   * Restores with the recovery text, typed into the secure frame's own screen (issue 14: never into
   * the modal). The user takes the time they need, so no timeout; the frame's screen shows errors.
   */
  const restoreInFrame = async (social?: SocialProvider) => {
    setFlow({ step: 'recovery', error: undefined })
    try {
      await ctx.frame().request('CONNECT_RECOVERY', {})
      await finish(social)
    } catch (error) {
      setFlow({ step: 'recovery', error: message(error) })
    }
  }

  const fail = (error: unknown) => {
    setStatus('disconnected')
    setFlow({ step: 'error', error: message(error) })
    ctx.track('CONNECT_ERROR', { message: message(error) })
  }

  const syncDapp = () =>
    ctx.frame().request(
      'SYNC_DAPP_DATA',
      {
        projectId: ctx.projectId,
        sdkVersion: ctx.version,
        siteOrigin: ctx.siteOrigin() ?? '',
        ...(ctx.siteName() ? { name: ctx.siteName() } : {}),
      },
      CONNECT_TIMEOUT_MS,
    )

  return {
    isConnected,

    /** SPEC §4: opening loads the frame ahead of need when e-mail or socials are on. */
    preload(): void {
      void ctx.frame().ready.catch(() => {})
    },

    /**
     * Starts an e-mail login (SPEC §4, §5): refused within 30 s of the previous one, with the
     * remaining whole seconds; then the frame asks the API and answers which step comes next.
     */
    async connectEmail(email: string): Promise<void> {
      const last = Number(read(EMBEDDED_KEYS.lastLoginTime))
      const wait = remainingCooldownSeconds(Number.isFinite(last) && last > 0 ? last : undefined, now())
      if (wait > 0) throw new EmailCooldownError(wait)
      write(EMBEDDED_KEYS.lastLoginTime, String(now()))
      store.set(emailFlowAtom, { email, step: 'sending' })
      store.set(historyAtom, (history) => pushView(history, 'EmailLogin'))
      setStatus('connecting')
      ctx.track('SELECT_WALLET', { name: 'Email' })
      try {
        await syncDapp()
        const { action } = await ctx.frame().request('CONNECT_EMAIL', { email }, CONNECT_TIMEOUT_MS)
        if (action === 'CONNECT') return await finish()
        if (action === 'VERIFY_DEVICE') {
          setFlow({ step: 'device' })
          await ctx.frame().request('CONNECT_DEVICE', {}, CONNECT_TIMEOUT_MS)
        }
        setFlow({ step: 'otp' })
      } catch (error) {
        fail(error)
      }
    },

    /**
     * Social login (SPEC §4, §9): a 600x800 popup opened in the click (so no popup blocker stops it),
     * sent to the provider with the frame's PKCE challenge; its callback page, on the secure origin,
     * hands the redirect URL back here and the frame finishes. The popup is checked every second:
     * closing it ends the attempt with 'Popup closed'.
     */
    async connectSocial(provider: SocialProvider): Promise<void> {
      const { width, height, pollMs } = SOCIAL_POPUP
      const left = Math.max(0, Math.round((screen.width - width) / 2))
      const top = Math.max(0, Math.round((screen.height - height) / 2))
      const popup = window.open(
        '',
        'appkit-social',
        `width=${width},height=${height},left=${left},top=${top}`,
      )
      setStatus('connecting')
      ctx.track('SELECT_WALLET', { name: provider })
      let cleanup = () => {}
      try {
        if (!popup) throw new SocialLoginError('Failed to initiate social connection')
        const callback = new Promise<string>((resolve, reject) => {
          const onMessage = (event: MessageEvent) => {
            if (event.source !== popup || event.origin !== ctx.authOrigin) return
            const parsed = socialCallbackSchema.safeParse(event.data)
            if (parsed.success) resolve(parsed.data.url)
          }
          const timer = setInterval(() => {
            if (popup.closed) reject(new SocialLoginError('Popup closed'))
          }, pollMs)
          window.addEventListener('message', onMessage)
          cleanup = () => {
            clearInterval(timer)
            window.removeEventListener('message', onMessage)
          }
        })
        let uri: string
        try {
          await syncDapp()
          ;({ uri } = await ctx.frame().request('GET_SOCIAL_REDIRECT_URI', { provider }, CONNECT_TIMEOUT_MS))
        } catch {
          throw new SocialLoginError('Failed to initiate social connection')
        }
        popup.location.href = uri
        const url = await callback
        if (new URL(url).searchParams.has('error')) throw new SocialLoginError('Connection rejected')
        const { needsRecovery } = await ctx
          .frame()
          .request('CONNECT_SOCIAL', { uri: url }, CONNECT_TIMEOUT_MS)
        if (needsRecovery) {
          store.set(emailFlowAtom, { email: provider, step: 'recovery' })
          store.set(historyAtom, (history) => pushView(history, 'EmailLogin'))
          await restoreInFrame(provider)
          return
        }
        await finish(provider)
      } catch (error) {
        setStatus('disconnected')
        const text = message(error)
        ctx.track('CONNECT_ERROR', { message: text })
        throw error
      } finally {
        cleanup()
        if (popup && !popup.closed) popup.close()
      }
    },

    /** SPEC §4 e-mail update: a code to the current address, then one to the new address. */
    async updateEmail(newEmail: string): Promise<void> {
      store.set(emailUpdateAtom, { newEmail, step: 'sending' })
      try {
        const { action } = await ctx.frame().request('UPDATE_EMAIL', { email: newEmail }, CONNECT_TIMEOUT_MS)
        store.set(emailUpdateAtom, {
          newEmail,
          step: action === 'VERIFY_PRIMARY_OTP' ? 'primary' : 'secondary',
        })
      } catch (error) {
        store.set(emailUpdateAtom, { newEmail, step: 'error', error: message(error) })
      }
    },

    async submitUpdateOtp(otp: string): Promise<void> {
      const update = store.get(emailUpdateAtom)
      if (!update || (update.step !== 'primary' && update.step !== 'secondary')) return
      const which = update.step
      store.set(emailUpdateAtom, { ...update, step: 'verifying', error: undefined })
      try {
        if (which === 'primary') {
          await ctx.frame().request('UPDATE_EMAIL_PRIMARY_OTP', { otp }, CONNECT_TIMEOUT_MS)
          store.set(emailUpdateAtom, { ...update, step: 'secondary', error: undefined })
          return
        }
        const { newEmail } = await ctx
          .frame()
          .request('UPDATE_EMAIL_SECONDARY_OTP', { otp }, CONNECT_TIMEOUT_MS)
        write(EMBEDDED_KEYS.email, newEmail)
        store.set(emailUpdateAtom, { newEmail, step: 'done' })
      } catch (error) {
        store.set(emailUpdateAtom, { ...update, step: which, error: message(error) })
      }
    },

    /** The e-mail the embedded wallet logged in with, as stored (SPEC §3). */
    email: () => read(EMBEDDED_KEYS.email),

    async submitOtp(otp: string): Promise<void> {
      setFlow({ step: 'verifying', error: undefined })
      try {
        const { needsRecovery } = await ctx.frame().request('CONNECT_OTP', { otp }, CONNECT_TIMEOUT_MS)
        if (needsRecovery) {
          await restoreInFrame()
          return
        }
        await finish()
      } catch (error) {
        // A wrong code may be typed again (the API burns the request after 5 tries).
        setFlow({ step: 'otp', error: message(error) })
      }
    },

    /** Opens the secure frame's restore screen again (after it was left with an error). */
    submitRecovery: (): Promise<void> => restoreInFrame(),

    /** Restores a login kept by the frame (SPEC §4: a failed check deletes the auth cache). */
    async restore(): Promise<void> {
      if (read(EMBEDDED_KEYS.loginUsed) !== 'true') return
      try {
        await syncDapp()
        const { isConnected: connected } = await ctx.frame().request('IS_CONNECTED', {}, CONNECT_TIMEOUT_MS)
        if (!connected) throw new AppKitError({ code: 'session_expired', shortMessage: 'Session Expired' })
        applyUser(await ctx.frame().request('GET_USER', {}, CONNECT_TIMEOUT_MS))
      } catch {
        write(EMBEDDED_KEYS.email, undefined)
        write(EMBEDDED_KEYS.loginUsed, undefined)
      }
    },

    /**
     * An RPC request for the embedded wallet. Unsafe ones open ApproveTransaction, where the frame
     * shows the approval itself; the modal closes (or pops) when it is answered (SPEC §4).
     */
    async request(
      kind: 'safe' | 'unsafe',
      method: string,
      params: unknown,
      network: Network,
    ): Promise<unknown> {
      const payload = {
        method,
        ...(params === undefined ? {} : { params }),
        chainId: network.id,
        chainNamespace: network.chainNamespace,
        rpcUrl: ctx.rpcUrl(network.caipNetworkId),
      }
      if (kind === 'safe') return ctx.frame().request('RPC_REQUEST', payload, RPC_TIMEOUT_MS)
      const wasOpen = store.get(openAtom)
      store.set(historyAtom, (history) =>
        wasOpen ? pushView(history, 'ApproveTransaction') : ['ApproveTransaction'],
      )
      store.set(openAtom, true)
      if (!wasOpen) ctx.track('MODAL_OPEN', { connected: true })
      let answered = false
      try {
        const result = await ctx.frame().request('RPC_REQUEST', payload)
        answered = true
        return result
      } finally {
        store.set(approvalAtom, { open: false, height: 0 })
        if (answered) await ctx.refreshBalance?.()
        const history = store.get(historyAtom)
        if (store.get(openAtom) && history.at(-1) === 'ApproveTransaction') {
          if (wasOpen && history.length > 1) store.set(historyAtom, history.slice(0, -1))
          else ctx.close()
        }
      }
    },

    /** SPEC §4: closing with a request pending rejects it. */
    abortPending(): void {
      store.set(approvalAtom, { open: false, height: 0 })
      ctx.frame().abortRpc(new ModalClosedError())
    },

    /** SPEC §9: disconnect waits at most 3 s for the frame, then clears state anyway. */
    async disconnect(): Promise<void> {
      await Promise.race([
        ctx
          .frame()
          .request('SIGN_OUT', {})
          .catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, DISCONNECT_TIMEOUT_MS)),
      ])
      write(EMBEDDED_KEYS.email, undefined)
      write(EMBEDDED_KEYS.socialProvider, undefined)
      write(EMBEDDED_KEYS.loginUsed, undefined)
      store.set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          a.connectorId === AUTH_CONNECTOR_ID
            ? { namespace: a.namespace, status: 'disconnected' as const }
            : a,
        ),
      )
      ctx.emit('DISCONNECT_SUCCESS')
    },
  }
}

export type EmbeddedActions = ReturnType<typeof createEmbeddedActions>
