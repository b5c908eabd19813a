import { describe, expect, it } from 'vitest'
import { isConnectionLost } from './isConnectionLost.ts'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isConnectionLost', () => {
  it('is true for a server going away or refusing us, whatever the statement', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(isConnectionLost(error)).toBe(true)
  })

  it("is false for the query's own errors, which a retry would not fix", () => {
    for (const error of [withCode('23505', 'duplicate key'), withCode('42P01'), new Error('boom'), 'text'])
      expect(isConnectionLost(error)).toBe(false)
  })
})
