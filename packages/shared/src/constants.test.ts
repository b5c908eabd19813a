import { expect, it } from 'vitest'
import * as constants from './constants.ts'

it('holds the SPEC §9 values', () => {
  expect(constants).toMatchInlineSnapshot(`
    {
      "ANIMATION_MS": {
        "headerText": 120,
        "modalHeight": 150,
        "shake": 500,
        "viewTransition": 150,
      },
      "BLOB_LIMIT_BYTES": 761855,
      "CACHE_TTL_MS": {
        "ens": 300000,
        "identity": 300000,
        "nativeBalance": 30000,
        "portfolio": 30000,
        "tokenBalanceRetryGuard": 30000,
      },
      "CONNECT_TIMEOUT_MS": 120000,
      "DEFAULT_CHAIN": "eip155:1",
      "DEFAULT_Z_INDEX": 999,
      "DISCONNECT_TIMEOUT_MS": 3000,
      "EMAIL_LOGIN_COOLDOWN_MS": 30000,
      "FRAME_LOAD_TIMEOUT_MS": 20000,
      "FRAME_READY_DELAY_MS": 500,
      "IMAGE_PRELOAD_MS": 2000,
      "LOG_BUFFER_BYTES": 1024000,
      "MODAL_WIDTH_PX": 360,
      "ONRAMP_LIMITS_USD": {
        "ach": {
          "max": "25000.00",
          "min": "10.00",
        },
        "card": {
          "max": "7500.00",
          "min": "10.00",
        },
      },
      "PAIRING_EXPIRY_MARGIN_MS": 10000,
      "PAIRING_EXPIRY_MS": 240000,
      "RECENT_WALLETS_MAX": 2,
      "RPC_BATCH": {
        "size": 1000,
        "waitMs": 0,
      },
      "RPC_DEDUPE_CACHE_SIZE": 8192,
      "RPC_FALLBACK": {
        "pingIntervalMs": 4000,
        "retryAfterFailureMs": 1000,
        "sampleCount": 10,
        "weights": {
          "latency": 0.3,
          "stability": 0.7,
        },
      },
      "RPC_RETRY": {
        "count": 3,
        "delayMs": 150,
        "statuses": [
          403,
          408,
          413,
          429,
          500,
          502,
          503,
          504,
        ],
      },
      "RPC_TIMEOUT_MS": 10000,
      "SOCIAL_POPUP": {
        "height": 800,
        "pollMs": 1000,
        "width": 600,
      },
      "STORAGE_PREFIX": "@appkit-wallet/",
      "SWAP_SLIPPAGE_PERCENT": "1",
      "TOAST_REOPEN_MS": 150,
      "UNLISTED_RPC_UI_DELAY_MS": 300,
    }
  `)
})

it('keeps the onramp limits ordered, as exact decimals', () => {
  for (const { min, max } of Object.values(constants.ONRAMP_LIMITS_USD)) {
    expect(min).toMatch(/^\d+\.\d{2}$/)
    expect(max).toMatch(/^\d+\.\d{2}$/)
    expect(Number(min)).toBeLessThan(Number(max))
  }
})

it('derives SPEC §9 wordings from the millisecond values', () => {
  expect(constants.EMAIL_LOGIN_COOLDOWN_MS / 1_000).toBe(30)
  expect(constants.PAIRING_EXPIRY_MS / 60_000).toBe(4)
  expect(constants.CACHE_TTL_MS.ens / 60_000).toBe(5)
  expect(constants.LOG_BUFFER_BYTES).toBe(1024000)
})
