/**
 * The on-ramp's orders, appended to MIGRATIONS: made by the URL generator, completed once by
 * the provider's signed webhook.
 */
export const ONRAMP_MIGRATIONS: readonly string[] = [
  `create table onramp_orders (
     id text primary key, project_id text not null, address text not null, network text not null,
     asset text not null, crypto_amount text not null, fiat_amount text not null, fiat_currency text not null,
     payment_method text not null, status text not null, tx_hash text, created_at bigint not null
   )`,
  // The provider's webhook events already acted on: a replayed one is refused.
  `create table onramp_webhook_events (
     id text primary key, order_id text not null, received_at bigint not null
   )`,
]
