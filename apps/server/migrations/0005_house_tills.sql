-- The house's tills (D6.4, D8.3): sixteen system accounts that pay sponsored actions and featured
-- bonuses, each earner always from the same one, so simultaneous credits do not all queue on one
-- balance row. The house is account 1 and its tills; the ledger holds each of them to D3.1.
INSERT INTO "users" ("id", "kind", "first", "last", "username", "role", "status", "points", "created_at")
SELECT 100 + n, 'system', 'Marquee', 'House till ' || (n + 1), NULL, 'member', 'active', 0, now()
FROM generate_series(0, 15) AS n
ON CONFLICT ("id") DO NOTHING;
