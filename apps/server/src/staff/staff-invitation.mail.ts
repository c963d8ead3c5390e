// The mail an invitation sends: who invites, in which role, and the one-time link where the
// person sets a password (and two-factor), with when it stops working.
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from '../notifications/index.js';
import { mailTemplate, formatIndianDateTime } from '../notifications/index.js';

export const StaffInvitationData = z.object({
  /** The invited person, to greet. */
  name: z.string(),
  role: z.enum(['owner', 'manager', 'packer', 'support']),
  /** The one-time setup link. */
  setup_url: z.string().url(),
  expires_at: z.string().datetime({ offset: true }),
  /** Who invited them; null from the command line. */
  invited_by: z.string().nullable(),
  /** Owners and managers must add two-factor sign-in at setup. */
  needs_two_factor: z.boolean(),
});
export type StaffInvitationData = z.infer<typeof StaffInvitationData>;

export function staffInvitationMail(d: StaffInvitationData): MailContent {
  const until = formatIndianDateTime(new Date(d.expires_at));
  return {
    subject: `${SHOP_NAME}: you are invited to the back office`,
    preview: `Set up your sign-in as ${d.role} by ${until}.`,
    heading: `Join ${SHOP_NAME}'s back office`,
    blocks: [
      { kind: 'text', text: `Hello ${d.name},` },
      {
        kind: 'text',
        text: `${d.invited_by ?? 'The shop'} invited you to ${SHOP_NAME}'s back office as ${d.role}. Open the link below to choose your password${d.needs_two_factor ? ' and add two-factor sign-in with an authenticator app on your phone' : ''}.`,
      },
      { kind: 'link', label: 'Set up your sign-in', href: d.setup_url },
      {
        kind: 'text',
        text: `The link works once, until ${until} (Indian time). If it has expired, ask for the invitation to be sent again. If you did not expect this mail, ignore it.`,
      },
    ],
  };
}

/** A staff invitation with its one-time setup link. */
export const staffInvitation = mailTemplate(
  'staff-invitation',
  'invitee',
  StaffInvitationData,
  staffInvitationMail,
);
