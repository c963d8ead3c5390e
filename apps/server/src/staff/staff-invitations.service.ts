// Invitations: a new person is mailed a one-time setup link through the outbox, listed as
// pending until they set up their sign-in, and can be sent again (a new link; the earlier one
// stops working) or revoked. Invitations to different people never touch each other's links.
// Every step is audited in its transaction.
import {
  roleNeedsTwoFactor,
  type InviteStaffRequest,
  type SetupLinkResponse,
  type StaffInvitation,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { enqueue } from '../notifications/index.js';
import { record, type Actor } from './audit.service.js';
import { staffInvitation, type StaffInvitationData } from './staff-invitation.mail.js';
import { newSetupLink } from './staff.service.js';
import * as q from './staff.queries.js';

export const INVITATION_GONE = 'This invitation was taken up or revoked.';

interface Invitee {
  email: string;
  name: string;
  role: StaffInvitation['role'];
}

/** A new link for the invitee, mailed to them in the transaction; returns the link. */
async function sendLink(
  tx: Queryable,
  actor: Actor,
  publicUrl: string,
  invitee: Invitee,
  now: Date,
): Promise<SetupLinkResponse> {
  const link = await newSetupLink(tx, publicUrl, { staffId: null, ...invitee }, now);
  const inviter = actor.staffId === null ? undefined : await q.findStaffById(tx, actor.staffId);
  const data: StaffInvitationData = {
    name: invitee.name,
    role: invitee.role,
    setup_url: link.setup_url,
    expires_at: link.expires_at,
    invited_by: inviter?.name ?? null,
    needs_two_factor: roleNeedsTwoFactor(invitee.role),
  };
  await enqueue(tx, { template: staffInvitation, recipient: invitee.email, data });
  return link;
}

/** Invites a new staff member: mails them a link (valid 24 hours) and returns it. */
export async function inviteStaff(
  db: Db,
  actor: Actor,
  publicUrl: string,
  input: z.output<typeof InviteStaffRequest>,
  now = new Date(),
): Promise<SetupLinkResponse> {
  return db.transaction(async (tx) => {
    if (await q.findStaffByEmail(tx, input.email)) {
      throw new Conflict('A staff member with this email already exists.');
    }
    // Inviting the same address again replaces its earlier link; others' links stay.
    await q.deleteSetupTokensFor(tx, { email: input.email });
    const link = await sendLink(tx, actor, publicUrl, input, now);
    await record(
      tx,
      actor,
      {
        entity: 'staff-invitation',
        entityId: input.email,
        action: 'invite',
        after: { email: input.email, name: input.name, role: input.role },
      },
      now,
    );
    return link;
  });
}

/** Invitations not yet taken up, newest first, the expired ones marked. */
export async function listInvitations(db: Queryable, now = new Date()): Promise<StaffInvitation[]> {
  return (await q.listInvitations(db)).map((row) => ({
    id: row.id,
    email: row.email!,
    name: row.name ?? row.email!,
    role: row.role,
    sent_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  }));
}

async function lockInvitation(tx: Queryable, id: number) {
  const row = await q.lockInvitation(tx, id);
  if (!row) throw new NotFound(INVITATION_GONE);
  return { row, invitee: { email: row.email!, name: row.name ?? row.email!, role: row.role } };
}

/** Mails the invitation again with a new link (24 hours); the earlier link stops working. */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  publicUrl: string,
  id: number,
  now = new Date(),
): Promise<SetupLinkResponse> {
  return db.transaction(async (tx) => {
    const { row, invitee } = await lockInvitation(tx, id);
    await q.deleteSetupTokenById(tx, id);
    const link = await sendLink(tx, actor, publicUrl, invitee, now);
    await record(
      tx,
      actor,
      {
        entity: 'staff-invitation',
        entityId: invitee.email,
        action: 'resend',
        before: { expires_at: row.expiresAt.toISOString() },
        after: { expires_at: link.expires_at },
      },
      now,
    );
    return link;
  });
}

/** Withdraws an invitation: its link stops working at once. */
export async function revokeInvitation(
  db: Db,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { invitee } = await lockInvitation(tx, id);
    await q.deleteSetupTokenById(tx, id);
    await record(
      tx,
      actor,
      {
        entity: 'staff-invitation',
        entityId: invitee.email,
        action: 'revoke',
        before: { ...invitee },
      },
      now,
    );
  });
}
