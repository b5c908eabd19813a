import { expect, it } from 'vitest'
import { toBaseUnits } from './toBaseUnits.ts'

it('reads typed amounts in base units, refusing what is not a positive amount of the token', () => {
  expect(toBaseUnits('1.5', 6)).toBe(1_500_000n)
  expect(toBaseUnits('.25', 18)).toBe(250_000_000_000_000_000n)
  expect(toBaseUnits('42', 0)).toBe(42n)
  expect(toBaseUnits('0.0000001', 6)).toBeUndefined()
  expect(toBaseUnits('0', 6)).toBeUndefined()
  expect(toBaseUnits('', 6)).toBeUndefined()
  expect(toBaseUnits('.', 6)).toBeUndefined()
  expect(toBaseUnits('1e5', 6)).toBeUndefined()
})
