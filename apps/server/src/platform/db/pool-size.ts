import os from 'node:os';

/**
 * How many connections one server keeps to PostgreSQL when DATABASE_POOL_SIZE does not say (R9):
 * two per core of the machine, at most ten. A connection beyond that only adds a backend competing
 * for the same cores: on two cores, ten connections ran credits back to back a third slower than
 * four (decision 0033). Servers sharing one database are sized so that all of them together hold
 * about twice the database machine's cores.
 */
export const defaultPoolSize = (cores = os.availableParallelism()) => Math.max(2, Math.min(10, 2 * cores));
