// The API's own test stack (real API over PGlite, real MailDev): tests only, the frame never imports the API.
import {
  AUTH_ORIGIN,
  type AuthTestStack,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '@modalkit/api/testStack'
import { type StartOidcReturnType, startOidc } from '@modalkit/local-oidc'
import { devLogin } from '@modalkit/local-oidc/devLogin'
import { ed25519 } from '@noble/curves/ed25519'
import {
  encodeBase58,
  formatUnits,
  JsonRpcProvider,
  parseEther,
  Transaction,
  verifyMessage,
  Wallet,
} from 'ethers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAuthApiClient } from '../api/createAuthApiClient.ts'
import { fieldsInEnglish, inEnglish } from '../i18n/inEnglish.ts'
import { base58ToBytes } from '../keys/base58ToBytes.ts'
import { combineShares } from '../keys/combineShares.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { createSeed } from '../keys/createSeed.ts'
import { importRecovery } from '../keys/importRecovery.ts'
import { splitSeed } from '../keys/splitSeed.ts'
import { createEmbeddedWallet, type EmbeddedWallet, type EmbeddedWalletUser } from './createEmbeddedWallet.ts'
import { createMemoryDeviceShareStore } from './createMemoryDeviceShareStore.ts'
import { createMemorySessionStore } from './createMemorySessionStore.ts'
import { decodeShare, encodeShare } from './encodeShare.ts'
import { SESSION_KEYS, type SessionStore } from './SessionStore.ts'
import { startTestAnvil } from './startTestAnvil.ts'
import type { WalletRpc } from './WalletRequest.ts'

const MINUTE = 60_000
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' // anvil's first account

let s: AuthTestStack
let node: Awaited<ReturnType<typeof startTestAnvil>>
let anvilUrl = ''
let n = 0
const fresh = () => `wallet${++n}-${Date.now()}@example.test`

/** Node's fetch sends no Origin: add the one a browser in the secure frame would send. */
const frameFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: AUTH_ORIGIN } })

/** The caller's chain RPC: here straight to anvil (in the frame it goes through the API's proxy). */
const rpc: WalletRpc = (chainId, method, params) => node.rpc(chainId, method, params)

type Device = { deviceStore: DeviceShareStore; sessionStore: SessionStore }
const newDevice = (): Device => ({
  deviceStore: createMemoryDeviceShareStore(),
  sessionStore: createMemorySessionStore(),
})
/** A wallet as the frame makes it on page load: a new instance over the device's stores. */
const open = (device: Device, pollIntervalMs = 100): EmbeddedWallet =>
  createEmbeddedWallet({
    api: createAuthApiClient({ apiUrl: s.base, fetch: frameFetch }),
    projectId: 'shop',
    siteOrigin: SITE,
    rpc,
    now: () => s.clock.now,
    pollIntervalMs,
    ...device,
  })

const caught = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )

/** The whole e-mail login as the UI drives it: device approval by the mailed link when asked, then the code. */
async function login(wallet: EmbeddedWallet, email: string) {
  const mailsBefore = (await s.mails(email, 0)).length
  const { action } = await wallet.connectEmail(email)
  if (action === 'VERIFY_DEVICE') {
    expect((await approveByMail(s.base, await s.lastMail(email, mailsBefore + 1))).status).toBe(200)
    expect(await wallet.awaitDeviceApproval(AbortSignal.timeout(10_000))).toEqual({ action: 'VERIFY_OTP' })
  }
  const code = codeOf(await s.lastMail(email, mailsBefore + (action === 'VERIFY_DEVICE' ? 2 : 1)))
  const result = await wallet.connectOtp(code)
  // A new wallet is usable once its recovery text was typed back, as the frame's screen asks.
  const text = wallet.exportRecovery()
  if (text !== null && !('needsRecovery' in result)) await wallet.confirmRecovery(text)
  return { action, result, recovery: text }
}
const userOf = (result: unknown) => {
  expect(result).toMatchObject({ userId: expect.any(String) })
  return result as EmbeddedWalletUser
}
const sessionOf = (device: Device) => device.sessionStore.get(SESSION_KEYS.sessionToken) ?? ''
/** The API as seen by a bearer of this device's session (what a hostile party with the token could do). */
const apiAs = (device: Device) => {
  const api = createAuthApiClient({ apiUrl: s.base, fetch: frameFetch })
  api.setSession(sessionOf(device))
  return api
}

beforeAll(async () => {
  ;[node, s] = await Promise.all([startTestAnvil(), startAuthTestStack()])
  anvilUrl = node.url
}, 60_000)
afterAll(async () => {
  node?.stop()
  await s?.stop()
})
beforeEach(() => {
  s.clock.now += 11 * MINUTE // a new rate-limit window per test
})

describe('createEmbeddedWallet: login and key custody', () => {
  it('makes the wallet on the first login, and the same device rebuilds the same addresses', async () => {
    const device = newDevice()
    const email = fresh()
    const first = await login(open(device), email)
    expect(first.action).toBe('VERIFY_DEVICE')
    const user = userOf(first.result)
    expect(user).toEqual({
      userId: expect.any(String),
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      accounts: [
        { namespace: 'eip155', address: user.address, type: 'eoa' },
        { namespace: 'solana', address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/), type: 'eoa' },
      ],
    })
    // The API holds the same addresses, and a share this device cannot read alone.
    const session = await apiAs(device).getSession()
    expect(session.user.addresses).toEqual({ eip155: user.address, solana: user.accounts[1]?.address })
    expect(await device.deviceStore.load(user.userId)).toBeInstanceOf(Uint8Array)

    // Second login on the same device (a reload: a new instance over the same stores): no approval.
    const again = await login(open(device), email)
    expect(again.action).toBe('VERIFY_OTP')
    expect(userOf(again.result)).toEqual(user)
  })

  it('a new wallet is unusable until its recovery text is typed back; a wrong text unlocks nothing', async () => {
    const email = fresh()
    const device = newDevice()
    const wallet = open(device)
    await wallet.connectEmail(email)
    await approveByMail(s.base, await s.lastMail(email))
    await wallet.awaitDeviceApproval(AbortSignal.timeout(10_000))
    const made = userOf(await wallet.connectOtp(codeOf(await s.lastMail(email, 2))))
    const text = wallet.exportRecovery()
    expect(text).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
    expect(wallet.getUser()).toBeNull()
    expect(await wallet.isConnected()).toBe(false)
    const personal = {
      method: 'personal_sign',
      params: ['0x68656c6c6f', made.address],
      chainId: 31337,
      chainNamespace: 'eip155' as const,
    }
    expect(await caught(wallet.sign(personal))).toMatchObject({ name: 'NotConnectedError' })
    const flipped = `${text!.slice(0, 10)}${text![10] === 'A' ? 'B' : 'A'}${text!.slice(11)}`
    expect(await caught(wallet.confirmRecovery(flipped))).toMatchObject({
      name: 'RecoveryMismatchError',
      code: 'validation_error',
      shortMessage: 'The recovery text does not match',
    })
    expect(wallet.getUser()).toBeNull()
    // A reload before typing it back: the same text is asked for again, and nothing signs until then.
    const reloaded = open(device)
    expect(await reloaded.isConnected()).toBe(false)
    expect(reloaded.getUser()).toBeNull()
    expect(reloaded.exportRecovery()).toBe(text)
    await reloaded.confirmRecovery(text!)
    expect(reloaded.getUser()).toEqual(made)
    expect(open(device).exportRecovery()).toBeNull()
    await wallet.confirmRecovery(` ${text!.slice(0, 20)}\n${text!.slice(20)} `)
    expect(wallet.getUser()).toEqual(made)
    expect(wallet.exportRecovery()).toBeNull()
    expect(verifyMessage('hello', (await wallet.sign(personal)) as string)).toBe(made.address)
  })

  it('a new device restores from the recovery text without re-splitting: every share and the text stay valid', async () => {
    const email = fresh()
    const oldDevice = newDevice()
    const wallet = open(oldDevice)
    const first = await login(wallet, email)
    const user = userOf(first.result)
    const recovery = first.recovery
    expect(recovery).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
    expect(wallet.exportRecovery()).toBeNull()
    const authBefore = (await apiAs(oldDevice).getShare()).share

    const newOne = newDevice()
    const other = open(newOne)
    const second = await login(other, email)
    expect(second).toMatchObject({ action: 'VERIFY_DEVICE', result: { needsRecovery: true } })
    expect(other.getUser()).toBeNull()
    expect(await caught(other.recover(`${recovery}x`))).toMatchObject({ name: 'RecoveryFormatError' })
    expect(await other.recover(recovery!)).toEqual(user)
    // Nothing new to save, and the API's share is untouched.
    expect(other.exportRecovery()).toBeNull()
    expect((await apiAs(newOne).getShare()).share).toBe(authBefore)
    const [oldShare, newShare] = [
      await oldDevice.deviceStore.load(user.userId),
      await newOne.deviceStore.load(user.userId),
    ]
    // A point of the same key: with the API's share, the new device's share and the old one's give
    // the same seed. (Its x is random among those the new device knows are free: the auth share's and
    // the recovery text's are excluded; the old device's, unknown here, may come again, 1 in 253, and
    // is then the same point.)
    const authShare = decodeShare(authBefore)
    expect(await combineShares(newShare!, authShare)).toEqual(await combineShares(oldShare!, authShare))
    expect([authShare.at(-1), importRecovery(recovery!).at(-1)]).not.toContain(newShare!.at(-1))

    // The old device still opens the wallet without its recovery text (H4/H5) ...
    const again = open(oldDevice)
    expect(userOf((await login(again, email)).result)).toEqual(user)
    // ... and the old recovery text still restores a third device.
    const third = open(newDevice())
    expect((await login(third, email)).result).toEqual({ needsRecovery: true })
    expect(await third.recover(recovery!)).toEqual(user)
  })

  it('two rotations started at once: the newer one is the one that confirms, whichever finishes first', async () => {
    const email = fresh()
    const wallet = open(newDevice())
    const first = await login(wallet, email)
    const user = userOf(first.result)
    const [older, newer] = await Promise.allSettled([wallet.rotateRecovery(), wallet.rotateRecovery()])
    expect(older).toMatchObject({ status: 'rejected', reason: { name: 'WalletStateError' } })
    if (newer.status !== 'fulfilled') throw new Error('the newer rotation failed')
    expect(wallet.exportRecovery()).toBe(newer.value)
    await wallet.confirmRecovery(newer.value)
    const after = open(newDevice())
    expect((await login(after, email)).result).toEqual({ needsRecovery: true })
    expect(await caught(after.recover(first.recovery!))).toMatchObject({ name: 'KeyMismatchError' })
    expect(await after.recover(newer.value)).toEqual(user)
  })

  it('rotating the recovery text: the old one works until the new one is typed back, then only the new one', async () => {
    const email = fresh()
    const device = newDevice()
    const wallet = open(device)
    const first = await login(wallet, email)
    const user = userOf(first.result)
    const old = first.recovery!
    const mails = (await s.mails(email, 0)).length

    const next = await wallet.rotateRecovery()
    expect(next).toMatch(/^mkr1-/)
    expect(next).not.toBe(old)
    // Not confirmed yet: the old text still restores another device, and the new one does not.
    const before = open(newDevice())
    expect((await login(before, email)).result).toEqual({ needsRecovery: true })
    expect(await caught(before.recover(next))).toMatchObject({ name: 'KeyMismatchError' })
    expect(await before.recover(old)).toEqual(user)
    expect(await caught(wallet.confirmRecovery(old))).toMatchObject({ name: 'RecoveryMismatchError' })

    // Typed back: the API's share is replaced (signed by the account), the user is mailed.
    const rotating = await wallet.rotateRecovery() // a second start replaces the first
    await wallet.confirmRecovery(rotating)
    expect((await s.lastMail(email, mails + 1)).subject).toBe('Your wallet key share was replaced')
    const versions = await s.db.query<{ version: number }>(
      'select version from auth_share_versions where user_id = $1 order by version',
      [user.userId],
    )
    expect(versions.map((v) => v.version)).toEqual([1, 2])
    // This device signs with its new share; the old text no longer restores, the new one does.
    const personal = {
      method: 'personal_sign',
      params: ['0x68656c6c6f', user.address],
      chainId: 31337,
      chainNamespace: 'eip155' as const,
    }
    expect(verifyMessage('hello', (await wallet.sign(personal)) as string)).toBe(user.address)
    const after = open(newDevice())
    expect((await login(after, email)).result).toEqual({ needsRecovery: true })
    expect(await caught(after.recover(old))).toMatchObject({ name: 'KeyMismatchError' })
    expect(await after.recover(rotating)).toEqual(user)
  })

  it('refuses an auth share of another seed: a hostile API cannot switch wallets', async () => {
    const email = fresh()
    const device = newDevice()
    const wallet = open(device)
    const { userId } = userOf((await login(wallet, email)).result)
    const foreign = await splitSeed(createSeed())
    // The backend itself swaps the share (the addresses stay the API's).
    await s.forceShare(userId, encodeShare(foreign.authShare))

    const personal = {
      method: 'personal_sign',
      params: ['0x68656c6c6f', wallet.getUser()!.address],
      chainId: 31337,
      chainNamespace: 'eip155' as const,
    }
    expect(await caught(wallet.sign(personal))).toMatchObject({ name: 'KeyMismatchError' })
    const later = open(device)
    expect(await caught(login(later, email))).toMatchObject({
      name: 'KeyMismatchError',
      shortMessage: 'Failed to connect',
    })
    expect(later.getUser()).toBeNull()
  })

  it('waits for the device approval by polling, and stops when aborted', async () => {
    const email = fresh()
    const wallet = open(newDevice())
    expect(await wallet.connectEmail(email)).toEqual({ action: 'VERIFY_DEVICE' })
    const aborted = new AbortController()
    const waiting = caught(wallet.awaitDeviceApproval(aborted.signal))
    setTimeout(() => aborted.abort(), 250)
    expect(await waiting).toMatchObject({ name: 'RequestAbortedError', shortMessage: 'Request was aborted' })

    const approved = wallet.awaitDeviceApproval(AbortSignal.timeout(5_000))
    setTimeout(() => void s.lastMail(email).then((mail) => approveByMail(s.base, mail)), 300)
    expect(await approved).toEqual({ action: 'VERIFY_OTP' })
    userOf(await wallet.connectOtp(codeOf(await s.lastMail(email, 2))))
  })

  it('signs out (the device share stays); an expired or revoked session clears the auth cache', async () => {
    const email = fresh()
    const device = newDevice()
    const wallet = open(device)
    const user = userOf((await login(wallet, email)).result)
    expect(await wallet.isConnected()).toBe(true)
    await wallet.signOut()
    expect(await wallet.isConnected()).toBe(false)
    expect(wallet.getUser()).toBeNull()
    expect(sessionOf(device)).toBe('')
    expect(await device.deviceStore.load(user.userId)).not.toBeNull()

    // After a reload the stored session reopens the wallet without a login.
    userOf((await login(open(device), email)).result)
    const reloaded = open(device)
    expect(reloaded.getUser()).toBeNull()
    expect(await reloaded.isConnected()).toBe(true)
    expect(reloaded.getUser()).toEqual(user)

    // Revoked elsewhere (the same token signed out by another tab):
    await apiAs(device).signOut()
    expect(await reloaded.isConnected()).toBe(false)
    expect(reloaded.getUser()).toBeNull()
    expect(sessionOf(device)).toBe('')

    // Expired: sessions last 7 days.
    const later = open(device)
    userOf((await login(later, email)).result)
    s.clock.now += 7 * 24 * 60 * MINUTE + 1
    expect(await later.isConnected()).toBe(false)
    expect(later.getUser()).toBeNull()
    expect(sessionOf(device)).toBe('')
  })
})

describe('createEmbeddedWallet: e-mail update (SPEC §4)', () => {
  it('confirms with the code sent to the current address, then the one sent to the new address', async () => {
    const email = fresh()
    const next = fresh()
    const wallet = open(newDevice())
    expect(await caught(wallet.updateEmail(next))).toMatchObject({ name: 'NotConnectedError' })
    userOf((await login(wallet, email)).result)
    const mails = (await s.mails(email, 0)).length
    expect(await wallet.updateEmail(next)).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = codeOf(await s.lastMail(email, mails + 1))
    expect(await wallet.verifyPrimaryOtp(primary)).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(await wallet.verifySecondaryOtp(codeOf(await s.lastMail(next)))).toEqual({ newEmail: next })
    expect(wallet.getUser()?.email).toBe(next)
    expect(await caught(wallet.verifySecondaryOtp('123456'))).toMatchObject({ name: 'WalletStateError' })
  })
})

describe('createEmbeddedWallet: signing', () => {
  let wallet: EmbeddedWallet
  let user: EmbeddedWalletUser
  beforeAll(async () => {
    wallet = open(newDevice())
    user = userOf((await login(wallet, fresh())).result)
  })
  const evm = (method: string, params: unknown) => ({
    method,
    params,
    chainId: 'eip155:31337',
    chainNamespace: 'eip155' as const,
  })

  it('personal_sign: a signature ethers recovers to the wallet, after describing it', async () => {
    const request = evm('personal_sign', ['0x68656c6c6f20776f726c64', user.address])
    const description = await wallet.describe(request)
    expect(inEnglish(description.title)).toBe('Sign message')
    expect(fieldsInEnglish(description.fields)).toMatchObject([
      { label: 'Message', value: 'hello world' },
      { label: 'Account' },
    ])
    const signature = await wallet.sign(request)
    expect(verifyMessage('hello world', signature as string)).toBe(user.address)
  })

  it('refuses a second request while one is in flight, another account, and unlisted methods', async () => {
    const request = evm('personal_sign', ['0x01', user.address])
    const [first, second] = await Promise.allSettled([wallet.sign(request), wallet.sign(request)])
    expect(first.status).toBe('fulfilled')
    expect(second).toMatchObject({ status: 'rejected', reason: { name: 'RequestInFlightError' } })
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(await caught(wallet.sign(evm('personal_sign', ['0x01', other])))).toMatchObject({
      name: 'AccountMismatchError',
      code: 4100,
    })
    expect(await caught(wallet.sign(evm('eth_sign', [user.address, '0x01'])))).toMatchObject({ code: 4200 })
    const solanaOnEvm = { ...evm('solana_signMessage', { message: '2', pubkey: '2' }) }
    expect(await caught(wallet.sign(solanaOnEvm))).toMatchObject({ name: 'UnsupportedMethodError' })
  })

  // anvil mines on arrival: poll the receipt directly, bounded, rather than through ethers' block subscriber.
  const receiptOf = async (hash: string) => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const receipt = (await rpc('eip155:31337', 'eth_getTransactionReceipt', [hash])) as {
        status: string
        from: string
      } | null
      if (receipt) return receipt
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within 10 s`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  it('eth_sendTransaction: filled (nonce, gas, fees) before the approval, sent exactly as shown, mined', async () => {
    const provider = new JsonRpcProvider(anvilUrl, 31337, { staticNetwork: true })
    try {
      const funder = new Wallet(ANVIL_KEY, provider)
      const funding = await funder.sendTransaction({ to: user.address, value: parseEther('1') })
      expect((await receiptOf(funding.hash)).status).toBe('0x1')

      const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const request = evm('eth_sendTransaction', [{ to, value: '0x2386f26fc10000' }])
      const prepared = await wallet.transactions.prepare(request)
      expect(inEnglish(prepared.description.title)).toBe('Send transaction')
      const shown = (label: string) =>
        fieldsInEnglish(prepared.description.fields).find((f) => f.label === label)?.value
      await expect(wallet.sign(request)).rejects.toMatchObject({ name: 'UnsupportedMethodError' })
      const hash = await wallet.transactions.send(prepared)
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      const receipt = await receiptOf(hash as string)
      expect(receipt).toMatchObject({ status: '0x1', from: user.address.toLowerCase() })
      const tx = Transaction.from(await provider.send('eth_getRawTransactionByHash', [hash]))
      expect([tx.from, tx.to, tx.value, tx.type, tx.chainId, tx.nonce]).toEqual([
        user.address,
        to,
        10n ** 16n,
        2,
        31337n,
        0,
      ])
      expect([shown('Nonce'), shown('Gas limit'), shown('Max fee per gas')]).toEqual([
        String(tx.nonce),
        String(tx.gasLimit),
        `${formatUnits(tx.maxFeePerGas!, 'gwei')} gwei`,
      ])
    } finally {
      provider.destroy()
    }
  })

  it('solana_signMessage: an ed25519 signature of the bytes by the Solana account', async () => {
    const solana = user.accounts[1]!.address
    const message = encodeBase58(new TextEncoder().encode('hello solana'))
    const { signature } = (await wallet.sign({
      method: 'solana_signMessage',
      params: { message, pubkey: solana },
      chainId: 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
      chainNamespace: 'solana',
    })) as { signature: string }
    const bytes = (text: string) => base58ToBytes(text, 'test')
    const text = new TextEncoder().encode('hello solana')
    expect(ed25519.verify(bytes(signature), text, bytes(solana))).toBe(true)
    expect(ed25519.verify(bytes(signature), new TextEncoder().encode('hello solanA'), bytes(solana))).toBe(
      false,
    )
  })
})

describe('createEmbeddedWallet: social login and e-mail update', () => {
  const REDIRECT = `${AUTH_ORIGIN}/oauth-callback.html`
  let oidc: StartOidcReturnType
  let social: AuthTestStack
  beforeAll(async () => {
    oidc = await startOidc({ port: 0, redirectUri: REDIRECT })
    social = await startAuthTestStack({ socialProviders: oidc.providers })
  }, 30_000)
  afterAll(async () => {
    await social?.stop()
    await oidc?.close()
  })

  it('keeps the PKCE verifier in the frame, finishes once, and opens the same wallet each time', async () => {
    const device = newDevice()
    const wallet = createEmbeddedWallet({
      api: createAuthApiClient({ apiUrl: social.base, fetch: frameFetch }),
      projectId: 'shop',
      siteOrigin: SITE,
      rpc,
      now: () => social.clock.now,
      ...device,
    })
    const started = await wallet.connectSocial('github', REDIRECT)
    const url = new URL(started.authorizationUrl)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    const stored = device.sessionStore.get(SESSION_KEYS.social) ?? ''
    const verifier = (JSON.parse(stored) as { verifier: string }).verifier
    expect(verifier).toMatch(/^[-_A-Za-z0-9]{43}$/)
    expect(started.authorizationUrl).not.toContain(verifier)

    const back = await devLogin(started.authorizationUrl, REDIRECT, 'ada')
    const callback = {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    }
    expect(back.searchParams.has('iss')).toBe(false) // GitHub sends no iss (RFC 9207 is optional)
    const user = userOf(await wallet.finishSocial(callback))
    expect(user.email).toBe('ada@github.test')
    await wallet.confirmRecovery(wallet.exportRecovery()!) // a new wallet: its text typed back
    expect(device.sessionStore.get(SESSION_KEYS.social)).toBeNull()
    expect(await caught(wallet.finishSocial(callback))).toMatchObject({
      name: 'ConnectionRejectedError',
      shortMessage: 'Connection rejected',
    })

    // A reloaded frame (the popup's callback page) finishes from the session store alone.
    const again = await wallet.connectSocial('github', REDIRECT)
    const reloaded = createEmbeddedWallet({
      api: createAuthApiClient({ apiUrl: social.base, fetch: frameFetch }),
      projectId: 'shop',
      siteOrigin: SITE,
      rpc,
      now: () => social.clock.now,
      ...device,
    })
    const back2 = await devLogin(again.authorizationUrl, REDIRECT, 'ada')
    const second = await reloaded.finishSocial({
      code: back2.searchParams.get('code') ?? '',
      state: back2.searchParams.get('state') ?? '',
    })
    expect(second).toEqual(user)

    // A social account has no e-mail login to confirm an update from (the API's rule, typed here).
    expect(await caught(reloaded.updateEmail(`ada${++n}@example.test`))).toMatchObject({
      name: 'AuthApiError',
      reason: 'no_primary_email',
    })
  })
})
