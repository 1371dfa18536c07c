-- drizzle-kit does not emit extensions. pgvector must exist before any vector column.
-- On PostgreSQL this needs a role allowed to create extensions (a superuser, or the
-- database owner where the extension is trusted / pre-installed by the provider).
CREATE EXTENSION IF NOT EXISTS vector;
