import { z } from 'zod';
import { ACADEMIA_BACKLINK_DAYS, ACADEMIA_WARNING_DAYS_BEFORE } from '@loopwright/contracts';
import { renderMail, type MailContext } from './layout.js';

const url = (context: MailContext, path: string) => `${context.appUrl.replace(/\/$/, '')}${path}`;
const academiaChanges = ['approved', 'rejected', 'backlink_warning', 'reverted'] as const;
type AcademiaChange = (typeof academiaChanges)[number];

const academiaText: Record<AcademiaChange, { subject: string; heading: string; paragraphs: string[] }> = {
  approved: {
    subject: 'Your Academia application was approved',
    heading: 'Welcome to the Academia plan',
    paragraphs: [
      'Your workspace is now on the Academia plan.',
      `Please add the backlink you agreed to within ${ACADEMIA_BACKLINK_DAYS} days and tell us where it is in Usage & Billing; without it the plan reverts to Public.`,
    ],
  },
  rejected: {
    subject: 'Your Academia application',
    heading: 'Your Academia application was not approved',
    paragraphs: [
      'Thank you for applying. We could not approve this application. You can reply to this message if you have questions.',
    ],
  },
  backlink_warning: {
    subject: 'Reminder: the Academia backlink is due soon',
    heading: 'Please add the Academia backlink',
    paragraphs: [
      `We have not confirmed your backlink yet. In ${ACADEMIA_WARNING_DAYS_BEFORE} days your workspace goes back to the Public plan unless the backlink is added.`,
    ],
  },
  reverted: {
    subject: 'Your workspace is back on the Public plan',
    heading: 'The Academia plan has ended',
    paragraphs: [
      `The backlink was not added within ${ACADEMIA_BACKLINK_DAYS} days, so your workspace is now on the Public plan.`,
    ],
  },
};

/** The plan e-mails: trial ended, a paid plan ended or changed, Academia decisions and backlink reminders. */
export const planMailTemplates = {
  'trial-ended': {
    props: z.object({ planName: z.string() }),
    render: (p: { planName: string }, context: MailContext) =>
      renderMail(
        {
          subject: `Your ${p.planName} trial has ended`,
          heading: `Your 14-day ${p.planName} trial has ended`,
          paragraphs: [
            `Your workspace is now on the Public plan: its limits apply again and new diagrams are public.`,
            'Your diagrams are all still there. Choose a plan to get the higher limits back.',
          ],
          action: { label: 'Compare plans', url: url(context, '/plans') },
        },
        context,
      ),
  },
  'plan-changed': {
    props: z.object({ kind: z.enum(['ended', 'changed']), planName: z.string(), previousPlanName: z.string() }),
    render: (p: { kind: 'ended' | 'changed'; planName: string; previousPlanName: string }, context: MailContext) =>
      renderMail(
        p.kind === 'ended'
          ? {
              subject: `Your ${p.previousPlanName} plan has ended`,
              heading: `Your ${p.previousPlanName} plan has ended`,
              paragraphs: [
                'Your workspace is now on the Public plan: its limits apply again and new diagrams are public. Team members no longer have the team folder.',
                'Your diagrams are all still there. Resume your subscription or choose a plan to get the higher limits back.',
              ],
              action: { label: 'Open Usage & Billing', url: url(context, '/settings/billing') },
            }
          : {
              subject: `Your plan is now ${p.planName}`,
              heading: `Your plan changed from ${p.previousPlanName} to ${p.planName}`,
              paragraphs: [`The limits and features of the ${p.planName} plan apply from now on.`],
              action: { label: 'Open Usage & Billing', url: url(context, '/settings/billing') },
            },
        context,
      ),
  },
  'academia-update': {
    props: z.object({ change: z.enum(academiaChanges) }),
    render: (p: { change: AcademiaChange }, context: MailContext) =>
      renderMail(
        {
          ...academiaText[p.change],
          action: { label: 'Open Usage & Billing', url: url(context, '/settings/billing') },
        },
        context,
      ),
  },
} as const;
