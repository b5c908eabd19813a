import { SPONSORSHIP_MIGRATIONS } from '../aa/sponsorshipMigrations.ts'
import { CHAIN_MIGRATIONS } from '../chain/chainMigrations.ts'
import { NAME_MIGRATIONS } from '../names/nameMigrations.ts'
import { ONRAMP_MIGRATIONS } from '../onramp/onrampMigrations.ts'
import type { Db } from './Db.ts'

/** Ordered, append-only. SQL that both PostgreSQL 15 and PGlite accept. */
export const MIGRATIONS: readonly string[] = [
  `create table projects (
     id text primary key,
     name text not null,
     allowed_origins jsonb not null,
     features jsonb not null,
     created_at timestamptz not null default now()
   )`,
  `create table analytics_events (
     event_id uuid primary key,
     project_id text not null references projects(id),
     event text not null,
     url text not null,
     domain text not null,
     ts bigint not null,
     props jsonb not null,
     received_at timestamptz not null default now()
   )`,
  // Embedded wallet backend (apps/api/src/auth). Times are epoch milliseconds from the injected
  // clock, so TTL tests need no sleeping; sessions, codes and limits live here, never in memory.
  `create table users (id text primary key, email text unique, created_at bigint not null)`,
  `create table approved_devices (
     user_id text not null references users(id), device_id text not null, approved_at bigint not null,
     primary key (user_id, device_id)
   )`,
  `create table otp_requests (
     id text primary key, purpose text not null, email text not null, project_id text, site_origin text,
     device_id text, device_label text, user_id text references users(id), new_email text,
     state text not null,
     code_hash text, code2_hash text, approval_hash text unique, attempts integer not null default 0,
     expires_at bigint not null, created_at bigint not null
   )`,
  `create table rate_events (bucket text not null, at bigint not null)`,
  `create index rate_events_bucket_at on rate_events (bucket, at)`,
  `create table sessions (
     token_hash text primary key, user_id text not null references users(id), device_id text not null,
     created_at bigint not null, expires_at bigint not null, revoked_at bigint
   )`,
  `create table auth_shares (
     user_id text primary key references users(id), ciphertext text not null,
     eip155_address text not null, solana_address text not null, created_at bigint not null,
     updated_at bigint not null
   )`,
  `create table auth_audit (
     id bigint generated always as identity primary key, at bigint not null, user_id text not null,
     action text not null, device_id text, ip text
   )`,
  `create table social_identities (
     provider text not null, sub text not null, user_id text not null references users(id), email text,
     primary key (provider, sub)
   )`,
  `create table oauth_states (
     state_hash text primary key, provider text not null, project_id text not null,
     site_origin text not null, device_id text not null, code_challenge text not null,
     redirect_uri text not null, nonce text not null, expires_at bigint not null, used_at bigint
   )`,
  // Every auth share a user ever had is kept (an insider or a bug cannot make one vanish
  // unseen, and support can tell which share a device's recovery text belongs to); the current one
  // stays in auth_shares. Replacements are signed by the account over a single-use nonce.
  `create table auth_share_versions (
     user_id text not null references users(id), version integer not null, ciphertext text not null,
     created_at bigint not null, device_id text, primary key (user_id, version)
   )`,
  `alter table auth_shares add column version integer not null default 1`,
  `insert into auth_share_versions (user_id, version, ciphertext, created_at)
     select user_id, 1, ciphertext, created_at from auth_shares`,
  `create table share_nonces (
     nonce_hash text primary key, user_id text not null references users(id),
     expires_at bigint not null, used_at bigint
   )`,
  // A weighted event (an RPC batch, an expensive method) is one row carrying its cost.
  `alter table rate_events add column cost integer not null default 1`,
  // A project's own OAuth clients (SOCIAL_PROVIDERS is the fallback), set by the CLI.
  `create table project_social_clients (
     project_id text not null references projects(id), provider text not null, config jsonb not null,
     primary key (project_id, provider)
   )`,
  // The chain indexer, balances and history.
  ...CHAIN_MIGRATIONS,
  // SIWX: single-use sign-in nonces bound to the project and site that asked, and the
  // sessions they proved, per project, site, chain and account (the token that revokes one is hashed).
  `create table siwx_nonces (
     nonce text primary key, project_id text not null references projects(id), site_origin text not null,
     expires_at bigint not null, used_at bigint
   )`,
  `create table siwx_sessions (
     token_hash text primary key, project_id text not null references projects(id),
     site_origin text not null, chain_id text not null, address text not null, message text not null,
     signature text not null, expires_at bigint not null, created_at bigint not null, revoked_at bigint
   )`,
  `create index siwx_sessions_account on siwx_sessions (project_id, site_origin, chain_id, address)`,
  // The profile-name registry (SPEC §7 profile/*).
  ...NAME_MIGRATIONS,
  // The on-ramp's orders.
  ...ONRAMP_MIGRATIONS,
  // NFT images as fetched once (serveNftImage): `body` null when the fetch gave no image (kept a
  // shorter while); the oldest rows go once the table passes its byte cap.
  `create table nft_images (
     chain text not null, contract text not null, token_id text not null, content_type text,
     body bytea, stored_at bigint not null, primary key (chain, contract, token_id)
   )`,
  // What the paymaster signed for, per project and user, in wei.
  ...SPONSORSHIP_MIGRATIONS,
  // Mails waiting for SMTP (auth/mailOutbox.ts, auth/startMailWorker.ts), written in the transaction
  // of the row they belong to. Recipient, subject and text are sealed (AES-256-GCM, `v1.<kid>.…`);
  // a sent mail's row is deleted. A worker claims due rows by setting `locked_until` (epoch ms, the
  // injected clock, as every auth time); `attempts` counts claims. A mail given up has `sealed` null,
  // `failed_at` set and `last_error` (an error code, never a message): a record until purged.
  `create table mail_outbox (
     id text primary key, sealed text, attempts integer not null default 0,
     next_attempt_at bigint not null, locked_until bigint, created_at bigint not null,
     failed_at bigint, last_error text
   )`,
  `create index mail_outbox_due on mail_outbox (next_attempt_at) where failed_at is null`,
]

/** Any fixed number: the key of the advisory lock that lets one process migrate at a time. */
const MIGRATION_LOCK = 7_238_401

/**
 * Applies the migrations not applied yet; safe to run at every start, and from several API replicas
 * starting at once against one PostgreSQL: all of it runs in one transaction that first takes a
 * transaction-scoped advisory lock, so the second replica waits, then finds every version applied.
 */
export async function migrate(db: Db): Promise<number> {
  return db.transaction(async (query) => {
    await query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await query(
      'create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())',
    )
    const rows = await query<{ version: number }>('select version from schema_migrations')
    const done = new Set(rows.map((r) => Number(r.version)))
    let applied = 0
    for (const [index, sql] of MIGRATIONS.entries()) {
      const version = index + 1
      if (done.has(version)) continue
      await query(sql)
      await query('insert into schema_migrations (version) values ($1)', [version])
      applied++
    }
    return applied
  })
}
