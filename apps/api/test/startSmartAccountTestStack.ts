import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type AccountAbstractionAddresses,
  accountAbstractionAddresses,
  deployAccountAbstraction,
  PAYMASTER_SIGNER_PATH,
  testKey,
} from '@modalkit/local-chain/accountAbstraction'
import { startAnvil } from '@modalkit/local-chain/startAnvil'
import { startBundler } from '@modalkit/local-chain/startBundler'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { migrate } from '../src/db/migrate.ts'
import { upsertProject } from '../src/projects/projects.ts'
import { createServer } from '../src/server/createServer.ts'
import { loginEmbeddedWallet } from './loginEmbeddedWallet.ts'
import { openTestDb } from './openTestDb.ts'

export const SMART_ACCOUNT_SITE = 'https://shop.test'
export const SMART_ACCOUNT_CHAIN = 'eip155:31337'

export type SmartAccountTestStack = {
  /** The API's origin on loopback, with projects 'paid' (sponsors gas) and 'plain' for SMART_ACCOUNT_SITE. */
  base: string
  rpcUrl: string
  addresses: AccountAbstractionAddresses
  /** Logs in an embedded wallet with this EVM owner: its `Authorization` value (the paymaster needs it). */
  login(owner: Address): Promise<string>
  stop(): Promise<void>
}

/**
 * For the frame's smart-account tests: a fresh anvil node with ERC-4337 v0.7 deployed, the real Alto
 * bundler, and the API (in-memory PGlite) serving its RPC proxy, bundler and paymaster routes.
 */
export async function startSmartAccountTestStack(): Promise<SmartAccountTestStack> {
  const signer = privateKeyToAccount(testKey(PAYMASTER_SIGNER_PATH) as Hex)
  const addresses = accountAbstractionAddresses(signer.address)
  const anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, paymasterSigner: signer.address })
  const bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoint: addresses.entryPoint })
  const db = await openTestDb()
  await migrate(db)
  const allowedOrigins = [SMART_ACCOUNT_SITE]
  await upsertProject(db, { id: 'paid', name: 'Paid', allowedOrigins, features: { sponsoredGas: true } })
  await upsertProject(db, { id: 'plain', name: 'Plain', allowedOrigins })
  const server: Server = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([[SMART_ACCOUNT_CHAIN, anvil.rpcUrl]]),
    smartAccounts: {
      bundlers: new Map([[SMART_ACCOUNT_CHAIN, bundler.url]]),
      factory: addresses.accountFactory as Address,
      paymaster: { address: addresses.verifyingPaymaster as Address, signer },
      permissions: { delegationManager: addresses.delegationManager, enforcers: addresses.enforcers },
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    rpcUrl: anvil.rpcUrl,
    addresses,
    login: (owner) => loginEmbeddedWallet(db, owner),
    async stop() {
      await new Promise<void>((r) => server.close(() => r()))
      await db.close()
      bundler.stop()
      anvil.stop()
    },
  }
}
