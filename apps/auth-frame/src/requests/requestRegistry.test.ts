import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  BITCOIN_METHODS,
  classifyRequest,
  type Namespace,
  SOLANA_SIGN_METHODS,
  UNSAFE_METHODS,
} from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { EOA_REQUESTS, planRequest, type RequestTable, SMART_ACCOUNT_REQUESTS } from './requestRegistry.ts'

const solana = new Set<string>(SOLANA_SIGN_METHODS)

/** The signing methods of each namespace, as the protocol lists them. */
const LISTED: Partial<Record<Namespace, string[]>> = {
  eip155: UNSAFE_METHODS.filter((method) => !solana.has(method)),
  solana: [...SOLANA_SIGN_METHODS],
  bip122: [...BITCOIN_METHODS],
}

const methodsOf = (table: RequestTable<unknown>, namespace: Namespace) => Object.keys(table[namespace] ?? {})

describe('the request registry', () => {
  it('has a module for every signing method the protocol lists, and for nothing else', () => {
    for (const namespace of Object.keys(LISTED) as Namespace[]) {
      const registered = new Set([
        ...methodsOf(EOA_REQUESTS as RequestTable<unknown>, namespace),
        ...methodsOf(SMART_ACCOUNT_REQUESTS as RequestTable<unknown>, namespace),
      ])
      expect([...registered].sort(), namespace).toEqual([...(LISTED[namespace] ?? [])].sort())
      for (const method of registered) expect(classifyRequest(method, namespace), method).toBe('unsafe')
    }
    expect(Object.keys(SMART_ACCOUNT_REQUESTS)).toEqual(['eip155'])
  })

  it('loads a planner for every entry', async () => {
    for (const table of [EOA_REQUESTS, SMART_ACCOUNT_REQUESTS] as RequestTable<unknown>[])
      for (const methods of Object.values(table))
        for (const load of Object.values(methods ?? {})) expect(typeof (await load())).toBe('function')
  })

  it('refuses a method its account has no module for, before any module runs', async () => {
    const refused = [
      { method: 'eth_sendUserOperation', chainNamespace: 'eip155' },
      { method: 'wallet_grantPermissions', chainNamespace: 'eip155' },
      { method: 'solana_signMessage', chainNamespace: 'eip155' },
      { method: 'personal_sign', chainNamespace: 'solana' },
      { method: 'signMessage', chainNamespace: 'eip155' },
      { method: 'toString', chainNamespace: 'eip155' },
      { method: '__proto__', chainNamespace: 'bip122' },
      { method: 'personal_sign', chainNamespace: 'polkadot' },
    ] as const
    for (const request of refused)
      await expect(
        planRequest(EOA_REQUESTS, undefined as never, { ...request, chainId: 1 }),
      ).rejects.toMatchObject({
        name: 'UnsupportedMethodError',
      })
    await expect(
      planRequest(SMART_ACCOUNT_REQUESTS, undefined as never, {
        method: 'solana_signTransaction',
        chainNamespace: 'solana',
        chainId: 1,
      }),
    ).rejects.toMatchObject({ name: 'UnsupportedMethodError' })
  })
})

const SRC = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/(^t|T)est[A-Z]/.test(name) ? [path] : []
  })
}

/**
 * What performs a request the user approved: the wallet's signing entry points (`sign`, a prepared
 * transaction's or batch's `send`) and a smart account's (`send`, `signMessage`, `signTypedData`).
 */
const PERFORMS =
  /\b(?:wallet|current|session)(?:\(\))?(?:\.transactions|\.calls)?\.(?:sign|send|signMessage|signTypedData)\(/

describe('the one path to a signature', () => {
  it('calls the signing entry points only from the registry’s modules', () => {
    const callers = sources(SRC)
      .filter((file) => PERFORMS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(callers.length).toBeGreaterThan(0)
    expect(callers.filter((file) => !file.startsWith('requests/'))).toEqual([])
  })

  it('sees a call outside the registry', () => {
    expect(PERFORMS.test('const result = await current.sign(request)')).toBe(true)
    expect(PERFORMS.test('await wallet().transactions.send(prepared, signal)')).toBe(true)
    expect(PERFORMS.test('return session.signTypedData(typed)')).toBe(true)
    expect(PERFORMS.test('session.prepare(calls)')).toBe(false)
  })
})
