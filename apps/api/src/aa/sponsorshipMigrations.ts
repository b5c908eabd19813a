/**
 * The paymaster's spending (appended to MIGRATIONS): one row per signed sponsorship with its signed
 * maximum cost in wei (numeric: wei sums pass bigint's range), so budgets count money, not calls.
 */
export const SPONSORSHIP_MIGRATIONS: readonly string[] = [
  `create table sponsorships (
     project_id text not null, user_id text not null, chain_id text not null, sender text not null,
     max_cost numeric(78, 0) not null, at bigint not null
   )`,
  `create index sponsorships_project_at on sponsorships (project_id, at)`,
]
