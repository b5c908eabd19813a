import { expect, it } from 'vitest'
import { ensureStorage } from './ensureStorage.ts'

it('keeps a working localStorage as it is', () => {
  const real = { setItem() {}, removeItem() {} }
  const scope = { localStorage: real } as unknown as Window
  expect(ensureStorage(scope)).toBe(true)
  expect(scope.localStorage).toBe(real)
})

it('puts memory storage in place when reading localStorage throws, as in a denied third-party frame', () => {
  const scope = {} as Window
  Object.defineProperty(scope, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    },
  })
  expect(ensureStorage(scope)).toBe(false)
  scope.localStorage.setItem('a', '1')
  scope.localStorage.setItem('b', '2')
  expect(scope.localStorage.getItem('a')).toBe('1')
  expect(Object.keys(scope.localStorage)).toEqual(['a', 'b'])
  expect(scope.localStorage.length).toBe(2)
  scope.localStorage.removeItem('a')
  expect(scope.localStorage.key(0)).toBe('b')
  scope.sessionStorage.setItem('s', 'x')
  expect(scope.sessionStorage.getItem('s')).toBe('x')
})
