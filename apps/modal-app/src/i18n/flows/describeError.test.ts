import * as protocol from '@modalkit/protocol'
import {
  AppKitError,
  deserializeError,
  EmailCooldownError,
  FrameError,
  NODE_ERROR_CODES,
  NodeError,
  ONRAMP_PAYMENT_METHODS,
  OnrampAmountOutOfRangeError,
  serializeError,
} from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { en } from '../en.ts'
import { formatMessage, LOCALES, loadCatalogue, messageParams } from '../locales.ts'
import { describeError } from './describeError.ts'
import { errors as ar } from './errors/ar.ts'
import { ERROR_SAMPLES } from './errors/errorSamples.ts'
import { errors as es } from './errors/es.ts'
import { errors as ja } from './errors/ja.ts'
import { errors as zh } from './errors/zh.ts'

/** Arguments for the classes whose sentence takes a value, and the values it must keep. */
const ARGUMENTS: Record<string, { args: unknown[]; values: (string | number)[] }> = {
  EmailCooldownError: { args: [7], values: [7] },
  DisconnectChainsFailedError: { args: [['solana', 'bip122']], values: ['solana, bip122'] },
  ValidationError: { args: ['wallet answer', []], values: ['wallet answer'] },
}
const rpc = { code: -32000, message: 'the node said no' }

type ErrorClass = new (...args: unknown[]) => AppKitError
const isErrorClass = (value: unknown): value is ErrorClass =>
  typeof value === 'function' && value.prototype instanceof AppKitError

/**
 * Every error packages/protocol's catalogue can make, found from its exports (not a list kept here):
 * each class once, the on-ramp's limits once per payment method, a node's error once per code.
 */
const shown = Object.entries(protocol as Record<string, unknown>).flatMap(([name, value]) => {
  if (!isErrorClass(value)) return []
  if (value === NodeError)
    return NODE_ERROR_CODES.map((code) => ({ name: code, error: new NodeError(code, 'x', rpc), values: [] }))
  if (value === OnrampAmountOutOfRangeError)
    return ONRAMP_PAYMENT_METHODS.map((method) => ({
      name: `${name}.${method}`,
      error: new OnrampAmountOutOfRangeError(method, { min: '10.00', max: '7500.00' }, 'USD'),
      values: ['10.00', '7500.00', 'USD'],
    }))
  const { args = [], values = [] } = ARGUMENTS[name] ?? {}
  return [{ name, error: new value(...args), values }]
})

describe('describeError', () => {
  it('shows the English words as the error has them', () => {
    for (const { error } of shown) expect(describeError(error, en, 'en')).toBe(error.shortMessage)
  })

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s translates every error the catalogue makes, keeping its values, as the class or as a frame sent it',
    async (locale) => {
      const catalogue = await loadCatalogue(locale)
      for (const { name, error, values } of shown) {
        const words = describeError(error, catalogue, locale)
        expect(words, `${locale} ${name}`).not.toBe(error.shortMessage)
        for (const value of values)
          expect(words, `${locale} ${name}`).toContain(formatMessage('{v}', { v: value }, locale))
        // A node's error is typed by its code (rebuilt from the node's own words, it is typed again).
        if (error instanceof NodeError) continue
        // Rebuilt from data (a frame's answer) it is the same sentence; so from the words alone (an atom's text).
        const rebuilt = deserializeError(serializeError(error))
        expect(describeError(rebuilt, catalogue, locale), `${locale} ${name}`).toBe(words)
        expect(describeError(error.shortMessage, catalogue, locale), `${locale} ${name}`).toBe(words)
      }
    },
  )

  it.each([
    ['es', es],
    ['zh', zh],
    ['ja', ja],
    ['ar', ar],
  ] as const)('%s takes the same parameters as each English sentence', (locale, messages) => {
    for (const [id, sample] of Object.entries(ERROR_SAMPLES))
      expect(messageParams(messages[id as keyof typeof messages]), `${locale} ${id}`).toEqual(
        messageParams(sample.shortMessage),
      )
    for (const code of NODE_ERROR_CODES)
      expect(messageParams(messages[code]), `${locale} ${code}`).toEqual([])
  })

  it('counts the cooldown in the plural form the locale needs', async () => {
    const es = await loadCatalogue('es')
    expect(describeError(new EmailCooldownError(1), es, 'es')).toBe('Inténtalo de nuevo en 1 segundo')
    expect(describeError(new EmailCooldownError(7), es, 'es')).toBe('Inténtalo de nuevo en 7 segundos')
  })

  it("keeps words that are not the catalogue's: a wallet's or a server's own", async () => {
    const ja = await loadCatalogue('ja')
    expect(describeError(new FrameError('User denied account authorization'), ja, 'ja')).toBe(
      'User denied account authorization',
    )
    // The catalogue's sentence under another code is not that error.
    const other = new AppKitError({ code: 4001, shortMessage: new protocol.ServerError().shortMessage })
    expect(describeError(other, ja, 'ja')).toBe(other.shortMessage)
    // A frame's error in the catalogue's words is translated as that error.
    expect(
      describeError(
        new FrameError(new protocol.SessionExpiredError().shortMessage, 'session_expired'),
        ja,
        'ja',
      ),
    ).toBe(describeError(new protocol.SessionExpiredError(), ja, 'ja'))
  })
})
