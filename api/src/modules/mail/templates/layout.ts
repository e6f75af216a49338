export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Where answers go (a hire message: the sender), when not the sender address. */
  replyTo?: string;
}

export interface MailContext {
  appUrl: string;
  productName: string;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface MailBody {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** One template, two renderings: the HTML and the plain-text parts always say the same. */
export function renderMail(body: MailBody, context: MailContext): RenderedMail {
  const action = body.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(body.action.url)}" style="background:#5A55F4;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a></p>
<p style="color:#5f5d78;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(body.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f7f7fb;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1d1b36">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:800;color:#5A55F4;font-size:20px;margin:0 0 24px">${escapeHtml(context.productName)}</p>
<div style="background:#fff;border:1px solid #e4e3ef;border-radius:10px;padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map((p) => `<p style="line-height:1.55;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${action}
</div>
${body.footnote ? `<p style="color:#5f5d78;font-size:12px;margin-top:20px">${escapeHtml(body.footnote)}</p>` : ''}
</div></body></html>`;
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.footnote ? [body.footnote, ''] : []),
    `— ${context.productName}`,
  ].join('\n');
  return { subject: body.subject, html, text };
}
