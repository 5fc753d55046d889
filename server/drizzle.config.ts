import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-sso.ts',
    './src/db/schema-notifications.ts',
    './src/db/schema-scheduler.ts',
    './src/db/schema-scholarly.ts',
    './src/db/schema-mfa.ts',
  ],
  out: './drizzle',
});
