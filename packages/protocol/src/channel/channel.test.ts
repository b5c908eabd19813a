import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { AppKitError } from '../errors/AppKitError.ts'
import { NetworkNotFoundError } from '../errors/errors.ts'
import { ValidationError } from '../errors/ValidationError.ts'
import type { Paired } from './contract.ts'
import { MAX_MESSAGE_BYTES } from './envelope.ts'
import { exposeMethods } from './exposeMethods.ts'
import { wrapRemote } from './wrapRemote.ts'

// A contract in its two halves, as contracts.ts defines the real ones.
const inputs = { add: z.strictObject({ a: z.number(), b: z.number() }), fail: z.string(), echo: z.unknown() }
const outputs = { add: z.number(), fail: z.undefined(), echo: z.string() }
type Test = Paired<typeof inputs, typeof outputs>

function pair(echoValue: unknown = 'ok') {
  const onDrop = vi.fn()
  const methods = exposeMethods<Test>(
    inputs,
    {
      add: ({ a, b }) => a + b,
      fail: (id) => {
        throw new NetworkNotFoundError(id)
      },
      echo: () => echoValue as string,
    },
    onDrop,
  )
  return { onDrop, methods, client: wrapRemote<Test>(outputs, methods, onDrop) }
}

describe('the penpal channel wrapper', () => {
  it('parses input, runs the handler and returns the parsed reply', async () => {
    const { client } = pair()
    await expect(client.add({ a: 2, b: 3 })).resolves.toBe(5)
  })

  it('drops malformed input before the handler runs, with a typed validation error', async () => {
    const { methods, onDrop } = pair()
    const reply = await methods.add!({ a: '2', b: 3 })
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'validation_error', shortMessage: 'Invalid add argument' },
    })
    expect(reply.ok === false && reply.error.issues?.[0]).toMatchObject({ code: 'invalid_type', path: ['a'] })
    expect(onDrop).toHaveBeenCalledWith('malformed', expect.stringContaining('invalid_type at a'))
  })

  it('refuses unknown keys (strict objects)', async () => {
    const { methods } = pair()
    const reply = await methods.add!({ a: 1, b: 2, c: 3 })
    expect(reply.ok === false && reply.error.issues?.[0]?.code).toBe('unrecognized_keys')
  })

  it('drops oversized input', async () => {
    const { methods, onDrop } = pair()
    const reply = await methods.echo!('x'.repeat(MAX_MESSAGE_BYTES + 1))
    expect(reply).toMatchObject({ ok: false, error: { code: 'validation_error' } })
    expect(onDrop).toHaveBeenCalledWith('oversized', expect.any(String))
  })

  it('rebuilds errors that crossed as data, keeping code and short message', async () => {
    const { client } = pair()
    const error = await client.fail('eip155:999').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppKitError)
    expect(error).toMatchObject({
      code: 'network_not_found',
      shortMessage: 'Network Not Found',
      details: 'eip155:999',
    })
  })

  it('rejects a reply that does not match the output schema', async () => {
    const { client, onDrop } = pair(42)
    const error = await client.echo('x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect(onDrop).toHaveBeenCalledWith('malformed', 'echo() reply value')
  })

  it('rejects a forged reply envelope', async () => {
    const onDrop = vi.fn()
    const client = wrapRemote<Test>(outputs, { add: async () => ({ ok: 'yes', value: 1 }) }, onDrop)
    await expect(client.add({ a: 1, b: 1 })).rejects.toMatchObject({ code: 'validation_error' })
    expect(onDrop).toHaveBeenCalledWith('malformed', 'add() reply envelope')
  })

  it('hides unknown errors behind the default code', async () => {
    const methods = exposeMethods<Test>(inputs, {
      add: () => {
        throw new Error('database password is hunter2')
      },
      fail: () => undefined,
      echo: () => '',
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = await wrapRemote<Test>(outputs, methods)
      .add({ a: 1, b: 1 })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 5000, shortMessage: 'An error occurred' })
  })
})

describe("the channel's contracts", () => {
  it('name the same methods in both halves, so every call has an input and a reply schema', async () => {
    const { hostInputs, hostOutputs, modalInputs, modalOutputs } = await import('./contracts.ts')
    expect(Object.keys(modalOutputs)).toEqual(Object.keys(modalInputs))
    expect(Object.keys(hostOutputs)).toEqual(Object.keys(hostInputs))
    expect(Object.keys(modalInputs)).toContain('init')
    expect(Object.keys(hostInputs)).toContain('stateChanged')
  })
})
