// A mail the outbox sends: its name (kept on the outbox row), who it is for, and how it turns
// its data (written when the event happened) into what it says. The domain that writes a mail
// defines its template beside its service (`*.mail.ts`); src/outbox.ts hands every domain's
// templates to the worker, so notifications/ imports none of the domains that send mail.
import { z } from 'zod';
import type { Queryable } from '../db/index.js';
import {
  contentText,
  type MailContent,
  type MailFrame,
  type RenderedMail,
} from './mail-content.js';
import { contentHtml } from './mail-layout.js';

/**
 * Who a mail is for: a shopper's mails end with the shop's contact paragraphs, staff mails
 * with why staff get them; an invitee is not staff yet, and their mail says why it came.
 */
export type Audience = 'shopper' | 'staff' | 'invitee';

export interface MailTemplateSpec<N extends string = string> {
  readonly name: N;
  readonly audience: Audience;
  /** What the mail says; throws a ZodError for data it cannot read. */
  content(data: unknown, publicUrl: string): MailContent;
  /**
   * Asked just before sending: false cancels the message (a cart reminder after the shopper
   * ordered). Mails without it are always due.
   */
  stillDue?(db: Queryable, data: unknown): Promise<boolean>;
}

/** A template; `content` is given the shop's public address for data that has no links. */
export function mailTemplate<const N extends string, S extends z.ZodType>(
  name: N,
  audience: Audience,
  schema: S,
  content: (data: z.infer<S>, publicUrl: string) => MailContent,
  options: { stillDue?: (db: Queryable, data: z.infer<S>) => Promise<boolean> } = {},
): MailTemplateSpec<N> {
  const { stillDue } = options;
  return {
    name,
    audience,
    content: (data, publicUrl) => content(schema.parse(data), publicUrl),
    // Data it cannot read is due: rendering it then marks the message dead, with the reason.
    ...(stillDue
      ? {
          stillDue: async (db, data) => {
            const parsed = schema.safeParse(data);
            return parsed.success ? stillDue(db, parsed.data) : true;
          },
        }
      : {}),
  };
}

/** A message the worker cannot render: it is marked dead with this message. */
export class MailDataError extends Error {}

/** Where the frame's footer comes from: the shop's contact paragraphs, read at send time. */
export interface RenderContext {
  shopName: string;
  publicUrl: string;
  shopperFooter: string[];
  staffFooter: string[];
  /** The shop's support address from its settings ('' when none): shoppers' replies go there. */
  supportEmail: string;
}

/** The templates a worker sends, by name; one name is one template. */
export class MailTemplates {
  private readonly byName = new Map<string, MailTemplateSpec>();

  constructor(templates: readonly MailTemplateSpec[]) {
    for (const t of templates) {
      if (this.byName.has(t.name)) throw new Error(`mail template '${t.name}' is defined twice`);
      this.byName.set(t.name, t);
    }
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  get(name: string): MailTemplateSpec | undefined {
    return this.byName.get(name);
  }

  /** Renders a message; throws MailDataError for an unknown template or data it cannot read. */
  render(template: string, data: unknown, ctx: RenderContext): RenderedMail {
    const t = this.byName.get(template);
    if (!t) throw new MailDataError(`unknown template '${template}'`);
    let content: MailContent;
    try {
      content = t.content(data, ctx.publicUrl);
    } catch (err) {
      if (err instanceof z.ZodError) {
        const problems = err.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`);
        throw new MailDataError(`bad data for '${template}': ${problems.join('; ')}`);
      }
      throw err;
    }
    const frame: MailFrame = {
      shopName: ctx.shopName,
      publicUrl: ctx.publicUrl,
      footer: { shopper: ctx.shopperFooter, staff: ctx.staffFooter, invitee: [] }[t.audience],
    };
    return {
      subject: content.subject,
      html: contentHtml(content, frame),
      text: contentText(content, frame),
      ...(t.audience === 'shopper' && ctx.supportEmail !== '' ? { replyTo: ctx.supportEmail } : {}),
      ...(content.unsubscribe
        ? {
            headers: {
              'List-Unsubscribe': `<${content.unsubscribe}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    };
  }
}
