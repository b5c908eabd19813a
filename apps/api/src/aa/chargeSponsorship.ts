import type { ProjectConfig } from '@modalkit/protocol'
import { parseEther } from 'viem'
import type { Db } from '../db/Db.ts'
import { HttpError } from '../server/HttpError.ts'

/** The typed refusal's message (code 'sponsorship_budget_exceeded', an AppKitErrorCode). */
export const BUDGET_EXCEEDED = 'Gas sponsorship budget exceeded'

/** The window a budget counts over: a day. */
export const SPONSORSHIP_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * A project that sponsors gas without setting `features.sponsoredGasBudget` spends at most this: a
 * deposit is never open-ended, and one user never takes a project's whole day.
 */
export const DEFAULT_SPONSORSHIP_BUDGET = {
  projectWeiPerDay: parseEther('0.5'),
  userWeiPerDay: parseEther('0.02'),
}

export function sponsorshipBudget(project: ProjectConfig): {
  projectWeiPerDay: bigint
  userWeiPerDay: bigint
} {
  const set = project.features.sponsoredGasBudget
  return set
    ? { projectWeiPerDay: BigInt(set.projectWeiPerDay), userWeiPerDay: BigInt(set.userWeiPerDay) }
    : DEFAULT_SPONSORSHIP_BUDGET
}

export type Sponsorship = {
  projectId: string
  userId: string
  chainId: string
  sender: string
  /** The operation's signed maximum cost in wei: all its gas limits and preVerificationGas at maxFeePerGas. */
  maxCost: bigint
}

/**
 * Counts one sponsorship against the project's and the user's budgets for the last day, or refuses it
 * with 429 'sponsorship_budget_exceeded' (nothing counted). The project's row is locked for the check
 * and the insert, so concurrent requests cannot both pass on the same remaining budget.
 */
export async function chargeSponsorship(
  db: Db,
  budget: { projectWeiPerDay: bigint; userWeiPerDay: bigint },
  sponsorship: Sponsorship,
  now: number,
): Promise<void> {
  const { projectId, userId, chainId, sender, maxCost } = sponsorship
  await db.transaction(async (query) => {
    await query('select id from projects where id = $1 for update', [projectId])
    const since = now - SPONSORSHIP_WINDOW_MS
    const [row] = await query<{ project: string | null; user: string | null; oldest: string | null }>(
      `select sum(max_cost)::text as project,
              sum(case when user_id = $2 then max_cost else 0 end)::text as "user",
              min(at)::text as oldest
       from sponsorships where project_id = $1 and at > $3`,
      [projectId, userId, since],
    )
    const spent = BigInt(row?.project ?? '0')
    const spentByUser = BigInt(row?.user ?? '0')
    const over =
      spent + maxCost > budget.projectWeiPerDay
        ? 'the project’s daily budget'
        : spentByUser + maxCost > budget.userWeiPerDay
          ? 'this user’s daily budget'
          : undefined
    if (over) {
      const oldest = Number(row?.oldest ?? now)
      const retryAfter = Math.max(1, Math.ceil((oldest + SPONSORSHIP_WINDOW_MS - now) / 1000))
      throw new HttpError(
        429,
        'sponsorship_budget_exceeded',
        `${BUDGET_EXCEEDED}: ${over}`,
        undefined,
        retryAfter,
      )
    }
    await query(
      'insert into sponsorships (project_id, user_id, chain_id, sender, max_cost, at) values ($1, $2, $3, $4, $5, $6)',
      [projectId, userId, chainId, sender.toLowerCase(), maxCost.toString(), now],
    )
  })
}
