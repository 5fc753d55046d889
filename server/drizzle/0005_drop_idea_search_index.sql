-- Requests run under row-level security, where PostgreSQL uses no index for `@@` (not leakproof):
-- this index was never read and only slowed every write (docs/decisions/0010-recommended-feed.md).
DROP INDEX "ideas_search_idx";