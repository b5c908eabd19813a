/**
 * The indexer's tables, appended to MIGRATIONS. Addresses are stored lower-case; amounts
 * and token ids as decimal text (uint256 does not fit a bigint). `chain` is the CAIP-2 id.
 */
export const CHAIN_MIGRATIONS: readonly string[] = [
  // `genesis`: the hash of the node's block 0; another one means a new chain (anvil restarted), whose
  // rows replace the old chain's.
  `create table chain_cursors (chain text primary key, genesis text not null, block bigint not null)`,
  `create table chain_tokens (
     chain text not null, address text not null, standard text not null, name text not null,
     symbol text not null, decimals integer not null, primary key (chain, address)
   )`,
  `create table chain_transactions (
     chain text not null, hash text not null, block bigint not null, tx_index integer not null,
     mined_at bigint not null, from_address text not null, to_address text, nonce integer not null,
     status text not null, primary key (chain, hash)
   )`,
  `create index chain_transactions_from on chain_transactions (chain, from_address, block)`,
  // One row per movement or permission: native value (log_index -1), ERC-20 / ERC-721 transfers and
  // approvals, Uniswap V2 swaps (token = the pair).
  `create table chain_events (
     chain text not null, hash text not null, log_index integer not null, kind text not null,
     token text, from_address text not null, to_address text not null, amount text not null,
     token_id text, primary key (chain, hash, log_index)
   )`,
  `create index chain_events_from on chain_events (chain, from_address)`,
  `create index chain_events_to on chain_events (chain, to_address)`,
  // `block`: where the owner last changed, so a replica indexing older blocks never moves it back.
  `create table chain_nfts (
     chain text not null, contract text not null, token_id text not null, owner text not null,
     block bigint not null, name text, image_url text, primary key (chain, contract, token_id)
   )`,
  `create index chain_nfts_owner on chain_nfts (chain, owner)`,
  // The 30 s balance cache (SPEC §9 portfolio): one reply per account, network and currency.
  `create table balance_cache (
     key text primary key, reply jsonb not null, stored_at bigint not null
   )`,
]
