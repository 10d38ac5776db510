import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../../../scripts/cluster.mjs';

const haproxy = spawnSync('haproxy', ['-v']).status === 0;
const config = haproxyConfig({
  host: '127.0.0.1',
  port: 3000,
  servers: [{ port: 3001 }, { port: 3002 }, { port: 3003 }],
});

describe('the load balancer of npm run cluster (R8)', () => {
  it('sends members only to ready servers, keeps live streams open and repeats no request a server took', () => {
    expect(config).toContain('option httpchk GET /healthz/ready');
    expect(config).toContain('http-check expect status 200');
    expect(config).toContain('timeout tunnel 1h');
    expect(config).toContain('option forwardfor');
    // Only a connection that was never made is tried elsewhere.
    expect(config).toMatch(/^ {2}retry-on conn-failure$/m);
    expect(config.match(/^ {2}server app\d 127\.0\.0\.1:300\d check$/gm)).toHaveLength(3);
  });

  it.skipIf(!haproxy)('is a configuration HAProxy accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-haproxy-'));
    const file = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(file, config);
    const checked = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(checked.status, checked.stderr).toBe(0);
  });
});
