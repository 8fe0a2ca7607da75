import { describe, expect, it } from 'vitest';
import { tickwork } from '../support/cli';
import { api } from '../support/http';

describe('tickwork version', () => {
  it('prints the tool version the API description is reviewed against', async () => {
    for (const args of [['version'], ['--version']]) {
      const run = await tickwork(args);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ version: '0.10.0' });
    }
    const doc = await api('/api/v1/openapi.json');
    expect(doc.body.info.description).toContain('command-line tool 0.10.0');
    expect(doc.body.info.description).toContain('SDK 0.8.0');
  }, 60_000);
});
