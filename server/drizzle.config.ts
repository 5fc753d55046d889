import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each feature's tables are in their own schema-*.ts; schema-tenants.ts has the shared columns.
  schema: './src/db/schema-*.ts',
  out: './drizzle',
});
