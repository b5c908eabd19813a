import { expect } from '@playwright/test'
import { Wallet } from 'ethers'
import { rpc } from './evmNode.ts'
import { waitForMail } from './mailbox.ts'
import { SITES } from './sites.ts'

/**
 * What the lanes of the other engines (e2e/firefox, e2e/webkit) share whatever drives their browser:
 * the mails of an e-mail login as the user reads them, and what the node says about the wallet.
 */

/**
 * The address the lanes' transfers go to: a fresh one per worker, so its balance moves only by the
 * lane's own sends (other specs send to anvil's accounts).
 */
export const RECIPIENT = Wallet.createRandom().address

/** The device approval link of the mail to `email` (not among `seen`), sent for the demo site. */
export async function deviceApprovalLink(email: string, seen: ReadonlySet<string>): Promise<string> {
  const mail = await waitForMail(email, /Approve a new device/, seen)
  expect(mail.text).toContain(`Requested by ${SITES.host}`)
  const link = /https?:\/\/\S+\/v1\/auth\/device\/approve#token=[-_A-Za-z0-9]+/.exec(mail.text)?.[0]
  expect(link).toBeDefined()
  return link!
}

/** The six-digit login code of the mail to `email` (not among `seen`). */
export async function loginCode(email: string, seen: ReadonlySet<string>): Promise<string> {
  const code = /code is (\d{6})\b/.exec((await waitForMail(email, /Your login code/, seen)).text)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

/** The mined transaction's status on the node (`0x1` succeeded), once it has a receipt. */
export const receiptStatus = async (hash: string) =>
  ((await rpc('eth_getTransactionReceipt', [hash])) as { status?: string } | null)?.status

export const nonce = async (address: string) =>
  BigInt((await rpc('eth_getTransactionCount', [address, 'latest'])) as string)

export const balance = async (address: string) =>
  BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string)
