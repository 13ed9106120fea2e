import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/provider/db/schema.ts',
  out: './src/provider/db/migrations',
});
