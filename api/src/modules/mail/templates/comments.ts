import { z } from 'zod';
import { renderMail, type MailContext } from './layout.js';

const mentionProps = z.object({
  person: z.string(),
  diagramName: z.string(),
  excerpt: z.string(),
  /** The app path of the thread (`/diagrams/{fuid}?comment={threadId}`). */
  path: z.string().startsWith('/'),
});
type MentionProps = z.infer<typeof mentionProps>;

/** The comments e-mails: someone mentioned you in a comment. */
export const commentMailTemplates = {
  'comment-mention': {
    props: mentionProps,
    render: (p: MentionProps, context: MailContext) =>
      renderMail(
        {
          subject: `${p.person} mentioned you in "${p.diagramName}"`,
          heading: `${p.person} mentioned you in a comment`,
          paragraphs: [`On the diagram "${p.diagramName}":`, `“${p.excerpt}”`],
          action: { label: 'Open the comment', url: `${context.appUrl.replace(/\/$/, '')}${p.path}` },
          footnote: `You receive this because someone mentioned you in a comment on ${context.productName}.`,
        },
        context,
      ),
  },
} as const;
