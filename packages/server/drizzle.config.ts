import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @parlance/server` writes a new migration to ./drizzle from src/db/schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
