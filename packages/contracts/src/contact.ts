import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const ContactTexts = {
  nameRequired: 'Please enter your name',
  nameTooShort: 'Your name needs at least 3 characters',
  emailRequired: 'Please enter your e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  jobRequired: 'Please enter your job title',
  subjectRequired: 'Please enter a subject',
  companyRequired: 'Please enter your company',
  messageRequired: 'Please enter a message',
  messageTooShort: 'Your message needs at least 20 characters',
  contactSent: 'Thank you! We received your message and will answer soon.',
  whitepaperSent: 'Thank you! The handbook is on its way to your inbox.',
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const baseFields = {
  name: required(ContactTexts.nameRequired).pipe(z.string().min(3, ContactTexts.nameTooShort)),
  email: required(ContactTexts.emailRequired).pipe(z.email(ContactTexts.emailInvalid)),
  job: required(ContactTexts.jobRequired).pipe(z.string().max(200)),
  company: required(ContactTexts.companyRequired).pipe(z.string().max(200)),
};

/** The contact form (app.md §5): name ≥3, e-mail, job, subject, company, message ≥20. */
export const contactFormSchema = z
  .object({
    ...baseFields,
    subject: required(ContactTexts.subjectRequired).pipe(z.string().max(300)),
    message: required(ContactTexts.messageRequired).pipe(z.string().min(20, ContactTexts.messageTooShort).max(10_000)),
  })
  .meta({ id: 'ContactForm' });
export type ContactForm = z.infer<typeof contactFormSchema>;

/** The live-ops whitepaper download form: who is asking. */
export const whitepaperFormSchema = z
  .object({ ...baseFields, subject: z.string().trim().max(300).default('Live-ops whitepaper') })
  .meta({ id: 'WhitepaperForm' });
export type WhitepaperForm = z.infer<typeof whitepaperFormSchema>;

export const formResultSchema = z.object({ success: z.literal(true), action: z.literal(true), content: z.string() });
export const formFailureSchema = z
  .object({ success: z.literal(false), action: z.literal(false), content: z.unknown() })
  .meta({ id: 'FormFailure' });
export type FormOutcome = z.infer<typeof formResultSchema> | z.infer<typeof formFailureSchema>;

export const contactEndpoints = {
  contact: defineEndpoint({
    method: 'POST',
    path: '/contact/form',
    summary: 'Send the contact form to the instance admins',
    tag: 'contact',
    public: true,
    body: contactFormSchema,
    responses: { 200: formResultSchema, 400: formFailureSchema },
  }),
  whitepaper: defineEndpoint({
    method: 'POST',
    path: '/liveops-whitepaper/form',
    summary: 'Request the live-ops whitepaper',
    tag: 'contact',
    public: true,
    body: whitepaperFormSchema,
    responses: { 200: formResultSchema, 400: formFailureSchema },
  }),
};
