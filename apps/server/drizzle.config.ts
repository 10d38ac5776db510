import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every feature's tables (and the platform's and the simulated sites'), where each declares them.
  schema: './src/**/*.tables.ts',
  out: './migrations',
  casing: 'snake_case',
});
