import { describe, expect, it } from 'vitest'
import { formatMessage, formatMessageParts, messageParams } from './formatMessage.ts'

describe('formatMessage', () => {
  it('fills named parameters and leaves an unknown one as written', () => {
    expect(formatMessage('Continue with {provider}', { provider: 'GitHub' })).toBe('Continue with GitHub')
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}')
  })

  it("writes numbers and picks plural forms the locale's way", () => {
    const wallets = '{count, plural, =0 {No wallets} one {# wallet} other {# wallets}}'
    expect([0, 1, 2, 1200].map((count) => formatMessage(wallets, { count }, 'en'))).toEqual([
      'No wallets',
      '1 wallet',
      '2 wallets',
      '1,200 wallets',
    ])
    // Arabic has six plural categories; Japanese has only `other`.
    const ar = '{n, plural, one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {# أخرى}}'
    expect([1, 2, 3, 11, 100].map((n) => formatMessage(ar, { n: String(n) }, 'ar'))).toEqual([
      'واحد',
      'اثنان',
      '3 قليلة',
      '11 كثيرة',
      '100 أخرى',
    ])
    expect(formatMessage('{n, plural, other {# 件}} / {name}', { n: 3, name: 'a' }, 'ja')).toBe('3 件 / a')
  })

  it('keeps a count given as a string as written, and picks its form from its value', () => {
    expect(formatMessage('{n, plural, one {# byte} other {# bytes}}', { n: '1200' }, 'en')).toBe('1200 bytes')
    expect(formatMessage('{n, plural, one {# byte} other {# bytes}}', { n: '1' }, 'en')).toBe('1 byte')
  })

  it('never reads a value as a template', () => {
    expect(formatMessage('Sign {message}', { message: '{evil} {n, plural, other {#}}', n: 2 })).toBe(
      'Sign {evil} {n, plural, other {#}}',
    )
  })
})

describe('formatMessageParts', () => {
  it("keeps each value apart from the template's words, in the order the template puts them", () => {
    expect(
      formatMessageParts('Allow {spender} to spend {amount}', { spender: '0xabc', amount: '1 ETH' }),
    ).toEqual([
      { text: 'Allow ' },
      { text: '0xabc', param: 'spender' },
      { text: ' to spend ' },
      { text: '1 ETH', param: 'amount' },
    ])
    expect(formatMessageParts('{a}{b}', { a: 'x', b: 'y' })).toEqual([
      { text: 'x', param: 'a' },
      { text: 'y', param: 'b' },
    ])
  })

  it("joins a plural branch's words with the count, and keeps the branch's own parameters apart", () => {
    const template = '{n, plural, one {# call to {to}} other {# calls to {to}}} now'
    expect(formatMessageParts(template, { n: 2, to: '0xdef' }, 'en')).toEqual([
      { text: '2 calls to ' },
      { text: '0xdef', param: 'to' },
      { text: ' now' },
    ])
  })

  it('joins to exactly what formatMessage writes', () => {
    const template = 'Hi {name}, {n, plural, =0 {none} one {# item} other {# items}} {missing}'
    for (const n of [0, 1, 5]) {
      const params = { name: 'Ada', n }
      expect(
        formatMessageParts(template, params, 'es')
          .map((part) => part.text)
          .join(''),
      ).toBe(formatMessage(template, params, 'es'))
    }
  })
})

describe('messageParams', () => {
  it('lists the parameters a message takes, plural counts and nested ones included', () => {
    expect(messageParams('{count, plural, one {# of {total}} other {#}} {name}')).toEqual([
      'count',
      'name',
      'total',
    ])
  })
})
