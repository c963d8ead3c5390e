// `npm run staff -- <command>`: manages back-office staff from the shell, for the owner who is
// locked out or has no browser at hand. Each change is audited as made from the command line.
//   invite <email> <role> [--name "Full Name"]   mails and prints a setup link (24 hours)
//   disable <email> | enable <email>             ends their sessions
//   reset-2fa <email>                            new password and two-factor by a setup link
//   setup-link                                   the first owner's link, while no staff exists
// On PGlite, stop the shop first: its embedded database takes one process at a time.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { InviteStaffRequest, StaffRole } from '@kitroom/contract/admin';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { refuseCommandBesideShop, ShopRunning } from '../shop-running.js';
import { DomainError } from '../domain-errors.js';
import { COMMAND_LINE } from './audit.service.js';
import { inviteStaff } from './staff-invitations.service.js';
import * as staff from './staff.service.js';

const USAGE = `Usage: npm run staff -- invite <email> <role> [--name "Full Name"]
       npm run staff -- disable <email> | enable <email> | reset-2fa <email>
       npm run staff -- setup-link
Roles: ${StaffRole.options.join(', ')}.`;

class UsageError extends Error {}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' } },
  });
  const [command, email, role] = positionals;
  if (!command) throw new UsageError(USAGE);
  const config = loadConfig();
  refuseCommandBesideShop(config.dataDir, Boolean(config.databaseUrl));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const db = database.db;
  try {
    await database.migrate();
    const print = (what: string, link: { setup_url: string; expires_at: string }) =>
      console.log(`${what}:\n  ${link.setup_url}\n  (valid until ${link.expires_at})`);
    switch (command) {
      case 'invite': {
        const parsed = InviteStaffRequest.safeParse({ email, role, name: values.name ?? email });
        if (!parsed.success) throw new UsageError(`${parsed.error.issues[0]?.message}\n${USAGE}`);
        print(
          `Mailed to ${parsed.data.email} (sent by the shop's outbox when it runs); the link`,
          await inviteStaff(db, COMMAND_LINE, config.publicUrl, parsed.data),
        );
        return;
      }
      case 'disable':
      case 'enable': {
        if (!email) throw new UsageError(USAGE);
        const id = await staff.findStaffIdByEmail(db, email.trim().toLowerCase());
        await staff.updateStaff(db, COMMAND_LINE, id, { disabled: command === 'disable' });
        console.log(
          `${email} is ${command}d${command === 'disable' ? '; their sessions have ended' : ''}.`,
        );
        return;
      }
      case 'reset-2fa': {
        if (!email) throw new UsageError(USAGE);
        const id = await staff.findStaffIdByEmail(db, email.trim().toLowerCase());
        print(
          `${email} is signed out everywhere. Send them this link to set a new password and two-factor`,
          await staff.resetStaffSignIn(db, COMMAND_LINE, config.publicUrl, id),
        );
        return;
      }
      case 'setup-link': {
        const link = await staff.firstOwnerLink(db, config.publicUrl);
        if (!link)
          throw new UsageError('Staff exist already: an owner can invite from the back office.');
        print('Set up the back office (first owner)', link);
        return;
      }
      default:
        throw new UsageError(USAGE);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const expected =
    err instanceof UsageError ||
    err instanceof ConfigError ||
    err instanceof DomainError ||
    err instanceof ShopRunning;
  console.error(expected ? err.message : err);
  process.exitCode = 1;
});
