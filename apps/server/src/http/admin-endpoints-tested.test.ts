// The permission table (admin-permissions.test.ts) runs on PGlite alone (vitest.config.ts):
// so that every back-office endpoint's queries still run on PostgreSQL too, each endpoint is
// called by an API test of its own, one that names its path.
import { adminEndpoints } from '@kitroom/contract/admin';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

describe('the back-office endpoints', () => {
  it('are each called by an API test besides the permission table', () => {
    const tests = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => !file.endsWith('admin-permissions.test.ts'))
      .map((file) => readFileSync(path.join(src, file), 'utf8'))
      .join('\n');
    const untested = Object.entries(adminEndpoints)
      // A path's fixed part, before its first parameter: '/api/admin/orders/:id' → '/api/admin/orders'.
      .filter(([, endpoint]) => !tests.includes(endpoint.path.split('/:')[0]!))
      .map(([name, endpoint]) => `${name} (${endpoint.method} ${endpoint.path})`);
    expect(untested).toEqual([]);
  });
});
