import { EmailCooldownError } from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS, remainingCooldownSeconds } from '@modalkit/shared'
import { type EmailFlow, emailFlowAtom, emailUpdateAtom, historyAtom } from '../../state/atoms.ts'
import { pushView } from '../../state/viewStack.ts'
import type { EmbeddedSession } from './createEmbeddedSession.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { messageOf } from './embeddedBasics.ts'
import { EMBEDDED_KEYS, type EmbeddedStorage } from './embeddedStorage.ts'

/**
 * The e-mail steps of the embedded wallet (SPEC §4, §5): logging in (device approval, the one-time
 * code, restoring in the secure frame) and changing the wallet's address. Each step's outcome shows in
 * `emailFlowAtom` / `emailUpdateAtom`, which EmailLogin and UpdateEmailWallet read.
 */
export function createEmailLogin(ctx: EmbeddedContext, session: EmbeddedSession, storage: EmbeddedStorage) {
  const { store } = ctx
  const setFlow = (patch: Partial<EmailFlow>) =>
    store.set(emailFlowAtom, (flow) => (flow ? { ...flow, ...patch } : flow))

  /** The attempt in progress: an answer to an earlier one (a resend retired it) changes nothing. */
  let attempt = 0

  /**
   * Asks the frame for the mail (a device link or a code), refused within 30 s of the previous one
   * with the remaining whole seconds; then the frame answers which step comes next. `again` resends
   * in the view already shown.
   */
  async function start(email: string, again: boolean): Promise<void> {
    const last = Number(storage.read(EMBEDDED_KEYS.lastLoginTime))
    const now = ctx.clock.now()
    const wait = remainingCooldownSeconds(Number.isFinite(last) && last > 0 ? last : undefined, now)
    if (wait > 0) throw new EmailCooldownError(wait)
    const mine = ++attempt
    const current = () => mine === attempt
    storage.write(EMBEDDED_KEYS.lastLoginTime, String(now))
    store.set(emailFlowAtom, { email, step: 'sending', sentAt: now, ...(again ? { resent: true } : {}) })
    if (!again) {
      store.set(historyAtom, (history) => pushView(history, 'EmailLogin'))
      ctx.analytics.track('SELECT_WALLET', { name: 'Email' })
    }
    session.setStatus('connecting')
    try {
      await session.syncDapp()
      const { action } = await ctx.frame().request('CONNECT_EMAIL', { email }, CONNECT_TIMEOUT_MS)
      if (!current()) return
      if (action === 'CONNECT') return await session.finish()
      if (action === 'VERIFY_DEVICE') {
        setFlow({ step: 'device' })
        await ctx.frame().request('CONNECT_DEVICE', {}, CONNECT_TIMEOUT_MS)
        if (!current()) return
      }
      setFlow({ step: 'otp' })
    } catch (error) {
      if (!current()) return
      session.setStatus('disconnected')
      setFlow({ step: 'error', error: messageOf(error) })
      ctx.analytics.track('CONNECT_ERROR', { message: messageOf(error) })
    }
  }

  return {
    /** Starts an e-mail login (SPEC §4, §5); throws 'Please try again after N seconds' within 30 s. */
    connectEmail: (email: string): Promise<void> => start(email, false),

    /**
     * Sends the login's mail again (a new code, or a new device link): 30 s after the last one, as
     * the cooldown allows; the earlier code stops working. Within the cooldown it shows why.
     */
    async resendEmail(): Promise<void> {
      const flow = store.get(emailFlowAtom)
      if (!flow || (flow.step !== 'otp' && flow.step !== 'device')) return
      try {
        await start(flow.email, true)
      } catch (error) {
        setFlow({ error: messageOf(error) })
      }
    },

    async submitOtp(otp: string): Promise<void> {
      setFlow({ step: 'verifying', error: undefined })
      try {
        const { needsRecovery } = await ctx.frame().request('CONNECT_OTP', { otp }, CONNECT_TIMEOUT_MS)
        if (needsRecovery) {
          await session.restoreInFrame()
          return
        }
        await session.finish()
      } catch (error) {
        // A wrong code may be typed again (the API burns the request after 5 tries).
        setFlow({ step: 'otp', error: messageOf(error) })
      }
    },

    /** Opens the secure frame's restore screen again (after it was left with an error). */
    submitRecovery: (): Promise<void> => session.restoreInFrame(),

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
        store.set(emailUpdateAtom, { newEmail, step: 'error', error: messageOf(error) })
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
        storage.write(EMBEDDED_KEYS.email, newEmail)
        store.set(emailUpdateAtom, { newEmail, step: 'done' })
      } catch (error) {
        store.set(emailUpdateAtom, { ...update, step: which, error: messageOf(error) })
      }
    },
  }
}
