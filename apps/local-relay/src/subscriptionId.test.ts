import { hashMessage } from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import { subscriptionId } from './subscriptionId.ts'

describe('subscriptionId', () => {
  const topic = 'ab'.repeat(32)
  const clientId = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'

  it('is what the 2.x SDK computes for the same topic and client (utils hashMessage)', () => {
    expect(subscriptionId(topic, clientId)).toBe(hashMessage(topic + clientId))
  })

  it('is sha256 hex of topic + client id', () => {
    expect(subscriptionId('a', 'b')).toBe('fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603')
  })
})
