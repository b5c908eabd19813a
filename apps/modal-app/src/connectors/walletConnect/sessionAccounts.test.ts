import { describe, expect, test } from 'vitest'
import { accountOnChain, approvedChains, sessionAccounts } from './sessionAccounts.ts'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const SOL_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('sessionAccounts', () => {
  test('one connected account per namespace, on the preferred chain when the session has it', () => {
    const accounts = sessionAccounts(
      {
        eip155: { accounts: [`eip155:1:${EVM}`, `eip155:31337:${EVM}`] },
        solana: { accounts: [`${SOL_CHAIN}:${SOL}`] },
      },
      ['eip155:31337'],
    )
    expect(accounts).toEqual([
      {
        namespace: 'eip155',
        status: 'connected',
        address: EVM,
        caipAddress: `eip155:31337:${EVM}`,
        type: 'eoa',
        connectorId: 'WALLET_CONNECT',
      },
      {
        namespace: 'solana',
        status: 'connected',
        address: SOL,
        caipAddress: `${SOL_CHAIN}:${SOL}`,
        type: 'eoa',
        connectorId: 'WALLET_CONNECT',
      },
    ])
  })

  test('skips what a hostile wallet sends that is not a CAIP-10 account of its namespace', () => {
    const accounts = sessionAccounts({
      eip155: { accounts: ['eip155:1:not-an-address', `solana:1:${EVM}`, '<img src=x>', `eip155:1:${EVM}`] },
    })
    expect(accounts.map((a) => a.caipAddress)).toEqual([`eip155:1:${EVM}`])
    expect(sessionAccounts({ eip155: { accounts: ['eip155:1:0x12'] } })).toEqual([])
  })
})

describe('approvedChains', () => {
  test('the listed chains and those of the accounts', () => {
    expect(
      approvedChains({
        eip155: { chains: ['eip155:1'], accounts: [`eip155:31337:${EVM}`] },
        solana: { accounts: [`${SOL_CHAIN}:${SOL}`] },
      }),
    ).toEqual(['eip155:1', 'eip155:31337', SOL_CHAIN])
  })
})

describe('accountOnChain', () => {
  const BTC = 'bip122:000000000019d6689c085ae165831e93'
  const TBTC = 'bip122:000000000933ea01ad0ee984209779ba'
  const session = {
    bip122: {
      accounts: [
        `${BTC}:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4`,
        `${TBTC}:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx`,
      ],
    },
  }
  test("a Bitcoin session's account per network: bc1 on mainnet, tb1 on testnet", () => {
    expect(accountOnChain(session, TBTC)).toMatchObject({
      namespace: 'bip122',
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      caipAddress: `${TBTC}:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx`,
      connectorId: 'WALLET_CONNECT',
    })
    expect(accountOnChain(session, BTC)?.address).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    expect(accountOnChain(session, 'bip122:00000000000000000000000000000000')).toBeUndefined()
  })
})
