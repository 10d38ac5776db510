import os from 'node:os';

/**
 * How many connections one server keeps to PostgreSQL when DATABASE_POOL_SIZE does not say (R9):
 * two per core of the machine, 2-10. A connection beyond that only adds a backend competing for
 * the same cores: on two cores, ten connections ran credits back to back a quarter to a third
 * slower than four (decision 0033). At most ten, so that several servers stay well inside
 * PostgreSQL's default limit of 100 connections; larger setups say how many they want.
 */
export const defaultPoolSize = (cores = os.availableParallelism()) => Math.max(2, Math.min(10, 2 * cores));
