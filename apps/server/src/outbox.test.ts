// Every mail template a domain defines is registered with the worker (src/outbox.ts): a mail
// whose template is not there would be written by its service and then marked dead.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from './outbox.js';

const SRC = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'test') ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each template defined in the sources (`mailTemplate('name', …)`), with its file. */
function definedTemplates(): { name: string; file: string }[] {
  return sources(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bmailTemplate\(\s*'([^']+)'/g)].map((m) => ({
      name: m[1]!,
      file: relative(SRC, file),
    })),
  );
}

describe('the outbox’s templates', () => {
  it('finds the templates the domains define', () => {
    const files = new Set(definedTemplates().map((d) => d.file));
    expect(files).toContain('notifications/templates.ts');
    expect(files).toContain('privacy/account-erased.mail.ts');
  });

  it('registers every template a domain defines, and only those', () => {
    const defined = definedTemplates();
    const missing = defined.filter((d) => !MAIL_TEMPLATES.includes(d.name));
    expect(missing.map((d) => `${d.name} (${d.file})`)).toEqual([]);
    expect([...MAIL_TEMPLATES].sort()).toEqual(defined.map((d) => d.name).sort());
  });
});
