import { z } from 'zod';
import { renderMail, type MailContext, type RenderedMail } from './layout.js';
import { planMailTemplates } from './plans.js';

const hireProps = z.object({
  designerName: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  company: z.string(),
  project: z.string(),
  message: z.string(),
});
type HireProps = z.infer<typeof hireProps>;
const hireParagraphs = (p: HireProps) => [
  `From: ${p.senderName} <${p.senderEmail}>`,
  ...(p.company ? [`Company: ${p.company}`] : []),
  ...(p.project ? [`Project: ${p.project}`] : []),
  p.message,
];

const link = (context: MailContext, path: string, token: string) =>
  `${context.appUrl.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}`;

/** Every e-mail the product sends: its props schema and its rendering. */
export const mailTemplates = {
  'confirm-email': {
    props: z.object({ token: z.string(), returnTo: z.string().optional() }),
    render: ({ token, returnTo }: { token: string; returnTo?: string }, context: MailContext) =>
      renderMail(
        {
          subject: `Confirm your e-mail address for ${context.productName}`,
          heading: 'Confirm your e-mail address',
          paragraphs: [
            'Welcome! Confirm your address to finish creating your account. The link works once and expires in 48 hours.',
          ],
          action: {
            label: 'Confirm my e-mail address',
            url: link(context, '/confirm-email', token) + (returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''),
          },
          footnote: 'If you did not sign up, you can ignore this message.',
        },
        context,
      ),
  },
  'reset-password': {
    props: z.object({ token: z.string() }),
    render: ({ token }: { token: string }, context: MailContext) =>
      renderMail(
        {
          subject: `Reset your ${context.productName} password`,
          heading: 'Reset your password',
          paragraphs: [
            'Someone asked to reset the password of your account. If it was you, choose a new password; the link works once and expires in one hour.',
          ],
          action: { label: 'Choose a new password', url: link(context, '/reset-password', token) },
          footnote: 'If you did not ask for this, ignore this message: your password stays as it is.',
        },
        context,
      ),
  },
  'account-locked': {
    props: z.object({ token: z.string() }),
    render: ({ token }: { token: string }, context: MailContext) =>
      renderMail(
        {
          subject: `Your ${context.productName} account was locked after failed logins`,
          heading: 'Your account is locked for new devices',
          paragraphs: [
            'Someone tried to log in to your account with a wrong password many times, so we locked it for devices it has not been used on. Browsers you logged in with before are not affected.',
            'If it was you, unlock the account on this browser; the link works once and expires in 24 hours.',
          ],
          action: { label: 'Unlock my account', url: link(context, '/unlock-account', token) },
          footnote:
            'If it was not you, your password is safe: nobody logged in. You may still want to choose a stronger one.',
        },
        context,
      ),
  },
  'password-changed': {
    props: z.object({}),
    render: (_props: object, context: MailContext) =>
      renderMail(
        {
          subject: `Your ${context.productName} password was changed`,
          heading: 'Your password was changed',
          paragraphs: [
            'The password of your account was just changed, and every other session was logged out.',
            'If this was not you, reset your password now and contact us.',
          ],
          action: { label: 'Reset my password', url: `${context.appUrl.replace(/\/$/, '')}/password-recovery` },
        },
        context,
      ),
  },
  'registration-attempt': {
    props: z.object({}),
    render: (_props: object, context: MailContext) =>
      renderMail(
        {
          subject: `Someone tried to register with your address`,
          heading: 'You already have an account',
          paragraphs: [
            `Someone tried to create a ${context.productName} account with this e-mail address, which already has one.`,
            'If it was you, log in instead, or reset your password if you forgot it.',
          ],
          action: { label: 'Reset my password', url: `${context.appUrl.replace(/\/$/, '')}/password-recovery` },
          footnote: 'If it was not you, nothing changed and you can ignore this message.',
        },
        context,
      ),
  },
  'contact-submitted': {
    props: z.object({
      form: z.enum(['contact', 'whitepaper']),
      name: z.string(),
      email: z.string(),
      jobTitle: z.string(),
      company: z.string(),
      subject: z.string(),
      message: z.string(),
    }),
    render: (
      p: {
        form: 'contact' | 'whitepaper';
        name: string;
        email: string;
        jobTitle: string;
        company: string;
        subject: string;
        message: string;
      },
      context: MailContext,
    ) =>
      renderMail(
        {
          subject: p.form === 'contact' ? `Contact request: ${p.subject}` : `Whitepaper request from ${p.name}`,
          heading: p.form === 'contact' ? 'Someone wrote through the contact form' : 'Someone asked for the whitepaper',
          paragraphs: [
            `${p.name} <${p.email}>, ${p.jobTitle} at ${p.company}`,
            `Subject: ${p.subject}`,
            ...(p.message ? [p.message] : []),
          ],
          footnote: `You receive this because you administer this ${context.productName} instance. Reply directly to ${p.email}.`,
        },
        context,
      ),
  },
  'test-email': {
    props: z.object({ host: z.string() }),
    render: ({ host }: { host: string }, context: MailContext) =>
      renderMail(
        {
          subject: `${context.productName} test e-mail`,
          heading: 'Your mail settings work',
          paragraphs: [
            `This test message was sent through ${host}. Outgoing mail from ${context.productName} will arrive like this one.`,
          ],
        },
        context,
      ),
  },
  'diagram-shared': {
    // hasAccount: false → the action is a sign-up link for this address that ends on the diagram (older rows had no flag: an account link).
    props: z.object({
      person: z.string(),
      diagramName: z.string(),
      fuid: z.string(),
      role: z.enum(['viewer', 'editor']),
      hasAccount: z.boolean().default(true),
      email: z.string().optional(),
    }),
    render: (
      p: {
        person: string;
        diagramName: string;
        fuid: string;
        role: 'viewer' | 'editor';
        hasAccount: boolean;
        email?: string;
      },
      context: MailContext,
    ) => {
      const base = context.appUrl.replace(/\/$/, '');
      const diagramPath = `/diagrams/${encodeURIComponent(p.fuid)}`;
      const signUp = `${base}/register?${new URLSearchParams({ returnTo: diagramPath, ...(p.email ? { email: p.email } : {}) }).toString()}`;
      return renderMail(
        {
          subject: `${p.person} shared "${p.diagramName}" with you`,
          heading: `"${p.diagramName}" was shared with you`,
          paragraphs: [
            `${p.person} invited you to ${p.role === 'editor' ? 'edit' : 'view'} the diagram "${p.diagramName}" on ${context.productName}.`,
            ...(p.hasAccount
              ? []
              : [
                  `Create your free ${context.productName} account with this e-mail address to open it: after confirming your address and logging in, the diagram opens.`,
                ]),
          ],
          action: p.hasAccount
            ? { label: 'Open the diagram', url: `${base}${diagramPath}` }
            : { label: 'Sign up and open the diagram', url: signUp },
          footnote: p.hasAccount
            ? `Log in with this e-mail address to open it.`
            : `Already have an account with another address? Ask ${p.person} to share the diagram with that address instead.`,
        },
        context,
      );
    },
  },
  'hire-designer': {
    props: hireProps,
    render: (p: HireProps, context: MailContext): RenderedMail => ({
      ...renderMail(
        {
          subject: `${p.senderName} wants to hire you through ${context.productName}`,
          heading: 'Someone wants to hire you',
          paragraphs: hireParagraphs(p),
          footnote: `You receive this because your ${context.productName} community profile says you are available for hire. Reply to this e-mail to answer ${p.senderName} directly.`,
        },
        context,
      ),
      replyTo: p.senderEmail,
    }),
  },
  'hire-designer-copy': {
    props: hireProps,
    render: (p: HireProps, context: MailContext) =>
      renderMail(
        {
          subject: `Your message to ${p.designerName} on ${context.productName}`,
          heading: `A copy of your message to ${p.designerName}`,
          paragraphs: hireParagraphs(p),
          footnote: `${p.designerName} will answer you at this address.`,
        },
        context,
      ),
  },
  'team-invitation': {
    props: z.object({ person: z.string(), team: z.string(), token: z.string() }),
    render: (p: { person: string; team: string; token: string }, context: MailContext) =>
      renderMail(
        {
          subject: `${p.person} invited you to join the team ${p.team}`,
          heading: `Join the team ${p.team}`,
          paragraphs: [
            `${p.person} invited you to join the team "${p.team}" on ${context.productName}. Team members see and edit the diagrams in the team folder.`,
            'The invitation stays open until you accept or decline it.',
          ],
          action: {
            label: 'Open the invitation',
            url: `${context.appUrl.replace(/\/$/, '')}/invitations/${encodeURIComponent(p.token)}`,
          },
          footnote:
            'If you do not have an account yet, create one from the invitation page and you will land in the team.',
        },
        context,
      ),
  },
  'team-removed': {
    props: z.object({ team: z.string() }),
    render: (p: { team: string }, context: MailContext) =>
      renderMail(
        {
          subject: `You were removed from the team ${p.team}`,
          heading: `You are no longer in the team ${p.team}`,
          paragraphs: [
            `The owner of "${p.team}" removed you from the team on ${context.productName}. Its team folder is no longer open to you; your own diagrams are untouched.`,
          ],
        },
        context,
      ),
  },
  ...planMailTemplates,
} as const;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailProps<T extends MailTemplateName> = z.infer<(typeof mailTemplates)[T]['props']>;

export function renderTemplate(name: string, props: unknown, context: MailContext): RenderedMail {
  const template = mailTemplates[name as MailTemplateName];
  if (!template) throw new Error(`unknown mail template ${name}`);
  return template.render(template.props.parse(props) as never, context);
}
