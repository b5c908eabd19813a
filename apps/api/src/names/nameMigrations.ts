/**
 * The profile-name registry (SPEC §7 profile/*), appended to MIGRATIONS. `name` is the
 * full name (`alice.reown.id`), unique: the first valid registration takes it. `address` is stored
 * lower-case; `coin_type` is ENSIP-11's. `name_messages` holds the hash of every registration message
 * used, so a signed message is good once (with its timestamp window, replay-proof).
 */
export const NAME_MIGRATIONS: readonly string[] = [
  `create table profile_names (
     name text primary key, address text not null, coin_type bigint not null,
     attributes jsonb not null, registered_at bigint not null, updated_at bigint not null
   )`,
  `create index profile_names_address on profile_names (address)`,
  `create table name_messages (message_hash text primary key, used_at bigint not null)`,
]
