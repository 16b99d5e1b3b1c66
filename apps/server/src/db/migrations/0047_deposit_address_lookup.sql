-- The BNB Smart Chain deposit watcher reads every Transfer of the pinned tokens in a range and asks which
-- recipients are deposit addresses in one `lower(address) = ANY (...)` query (EVM addresses compare without
-- their checksum case): this index answers it without reading every address.
CREATE INDEX deposit_addresses_lower_address_idx ON deposit_addresses (chain_currency, lower(address));
