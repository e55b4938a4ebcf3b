/**
 * The compose file publishes only the API beyond the loopback interface (Temporal's frontend, its UI,
 * Prometheus and Jaeger have no authentication of their own). CI runs the same check on the file.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishedPortProblems } from '../../deploy/check-compose.js';

const compose = (ports: string[], service = 'temporal', extra = '') =>
  `version: "2.4"\nservices:\n  ${service}:\n    image: x\n${extra}    ports:\n${ports.map((p) => `      - ${p}`).join('\n')}\n  api:\n    ports:\n      - "3000:3000"\nvolumes:\n  data:\n`;

describe('the compose check', () => {
  it('passes the project\'s docker-compose.yml: Temporal not published, the UI, Prometheus and Jaeger on 127.0.0.1', () => {
    const text = fs.readFileSync('docker-compose.yml', 'utf8');
    expect(publishedPortProblems(text)).toEqual([]);
    expect(text).toMatch(/temporal:[\s\S]*?expose:\n\s+- "7233"/);
    expect(text).toContain('"127.0.0.1:8233:8080"');
    expect(text).toContain('"127.0.0.1:9090:9090"');
  });
  it('fails on an internal port published on all interfaces, in every short form', () => {
    expect(publishedPortProblems(compose(['"7233:7233"']))).toEqual([expect.stringMatching(/^temporal: "7233:7233" publishes on all interfaces; bind it to 127.0.0.1/)]);
    expect(publishedPortProblems(compose(['7233']))).toHaveLength(1);
    expect(publishedPortProblems(compose(["'0.0.0.0:7233:7233'"]))).toEqual(['temporal: "0.0.0.0:7233:7233" publishes on 0.0.0.0, not the loopback interface']);
    expect(publishedPortProblems(compose(['"[::]:9090:9090/tcp"'], 'prometheus'))).toEqual([expect.stringMatching(/publishes on \[::\]/)]);
    expect(publishedPortProblems(compose(['"127.0.0.1:8233:8080"', '"[::1]:8234:8080"', '"localhost:8235:8080"'], 'temporal-ui'))).toEqual([]);
  });
  it('fails closed on forms it does not read, and on host networking', () => {
    expect(publishedPortProblems(compose(['target: 7233', '  published: 7233']))).toHaveLength(2);
    expect(publishedPortProblems(`services:\n  temporal:\n    ports: ["7233:7233"]\n`)).toEqual([expect.stringMatching(/ports written inline/)]);
    expect(publishedPortProblems(`services:\n  temporal:\n    network_mode: host\n`)).toEqual(['temporal: network_mode host publishes every port it listens on']);
  });
});

describe("the compose file's Temporal dynamic config", () => {
  it('has the dev server tuning, value for value, and the compose file mounts it', async () => {
    const { DEV_SERVER_TUNING } = await import('../../app/dev-server.js');
    const text = fs.readFileSync('deploy/temporal-dynamicconfig.yaml', 'utf8');
    const values: Record<string, number> = {};
    let key: string | null = null;
    for (const line of text.split('\n')) {
      if (/^[a-zA-Z][\w.]+:$/.test(line)) key = line.slice(0, -1);
      const v = /^ {2}- value: (\S+)$/.exec(line);
      if (v && key) values[key] = Number(v[1]);
    }
    expect(values).toEqual(DEV_SERVER_TUNING);
    const compose = fs.readFileSync('docker-compose.yml', 'utf8');
    expect(compose).toContain('./deploy/temporal-dynamicconfig.yaml:/etc/temporal/config/dynamicconfig/copilot.yaml:ro');
    expect(compose).toContain('DYNAMIC_CONFIG_FILE_PATH: config/dynamicconfig/copilot.yaml');
  });
});
