import type { ChildProcess } from 'node:child_process';

/** The types of scripts/cluster.mjs, for the benchmarks that start a cluster. */
export interface ClusterServer {
  name: string;
  port: number;
  proc: ChildProcess | null;
}
export interface Cluster {
  url: string;
  publicUrl: string;
  servers: ClusterServer[];
  balancer: ChildProcess;
  stop(): Promise<void>;
}
export function haproxyConfig(opts: { host: string; port: number; servers: { port: number }[] }): string;
export function startCluster(opts: {
  servers?: number;
  port?: number;
  host?: string;
  env?: Record<string, string>;
  restart?: boolean;
  log?: (line: string) => void;
}): Promise<Cluster>;
