import { expect, it } from 'vitest'
import { approvalWindowReplySchema, approvalWindowRequestSchema } from './approvalWindow.ts'

const nonce = 'ab'.repeat(16)

it('parses the popup READY and a DECISION bound to a nonce, nothing else', () => {
  const decision = { type: '@modalkit-approval/DECISION', nonce, approved: true }
  expect(approvalWindowReplySchema.parse({ type: '@modalkit-approval/READY' })).toEqual({
    type: '@modalkit-approval/READY',
  })
  expect(approvalWindowReplySchema.parse(decision)).toEqual(decision)
  expect(approvalWindowReplySchema.safeParse({ ...decision, approved: 'yes' }).success).toBe(false)
  expect(approvalWindowReplySchema.safeParse({ ...decision, nonce: 'x' }).success).toBe(false)
  expect(approvalWindowReplySchema.safeParse({ ...decision, extra: 1 }).success).toBe(false)
  expect(approvalWindowReplySchema.safeParse({ type: '@w3m-frame/READY' }).success).toBe(false)
})

it('parses the REQUEST the popup shows, text runs in one of the five languages, bounded', () => {
  const request = {
    type: '@modalkit-approval/REQUEST',
    nonce,
    locale: 'es',
    site: 'http://host.test',
    title: 'Firmar mensaje',
    fields: [{ label: [{ text: 'Mensaje' }], value: [{ text: 'hello', value: true }] }],
  }
  expect(approvalWindowRequestSchema.parse(request)).toEqual(request)
  expect(approvalWindowRequestSchema.safeParse({ ...request, fields: [{ label: 1 }] }).success).toBe(false)
  expect(approvalWindowRequestSchema.safeParse({ ...request, title: 'x'.repeat(201) }).success).toBe(false)
  // Runs are text, never markup or anything else; a value is marked `true` or not at all.
  const field = (value: unknown) => ({ ...request, fields: [{ label: [{ text: 'Mensaje' }], value }] })
  expect(approvalWindowRequestSchema.safeParse(field('hello')).success).toBe(false)
  expect(approvalWindowRequestSchema.safeParse(field([{ text: 'a', value: false }])).success).toBe(false)
  expect(approvalWindowRequestSchema.safeParse(field([{ text: 'a', html: '<b>' }])).success).toBe(false)
  // Undecoded bytes travel as 0x-hex whole bytes, nothing else.
  const withData = (data: unknown) => ({ ...request, fields: [{ ...request.fields[0], data }] })
  expect(approvalWindowRequestSchema.parse(withData('0x3593564c00'))).toEqual(withData('0x3593564c00'))
  for (const data of ['3593564c', '0x123', '0x<b>', 7]) {
    expect(approvalWindowRequestSchema.safeParse(withData(data)).success).toBe(false)
  }
  // The language is one of the five, and required: the popup never guesses it.
  expect(approvalWindowRequestSchema.safeParse({ ...request, locale: 'fr' }).success).toBe(false)
  const { locale: _, ...withoutLocale } = request
  expect(approvalWindowRequestSchema.safeParse(withoutLocale).success).toBe(false)
})

it("carries the site's theme, bounded: a mode and at most 64 variables of 200 characters", () => {
  const request = {
    type: '@modalkit-approval/REQUEST',
    nonce,
    locale: 'en',
    theme: {
      themeMode: 'dark',
      themeVariables: { '--w3m-accent': '#0a7f5a', '--w3m-color-mix-strength': 8 },
    },
    site: 'http://host.test',
    title: 'Sign message',
    fields: [],
  }
  expect(approvalWindowRequestSchema.parse(request)).toEqual(request)
  const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`--w3m-x${i}`, 1]))
  const long = { '--w3m-font-family': 'a'.repeat(201) }
  for (const themeVariables of [many, long]) {
    expect(
      approvalWindowRequestSchema.safeParse({ ...request, theme: { themeMode: 'dark', themeVariables } })
        .success,
    ).toBe(false)
  }
  expect(approvalWindowRequestSchema.safeParse({ ...request, theme: { themeMode: 'dim' } }).success).toBe(
    false,
  )
})
