import { Link, useParams } from 'react-router';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import { adminApi } from '../../features/admin/admin-api';
import { MailStatusBadge } from '../../features/admin/mail-status';
import { useLoaded } from '../../features/admin/use-loaded';
import '../../features/admin/admin.css';

/** /admin/mail-log/:id — one message: who, when, status, and (while kept without a mail server) what it said. */
export default function MailMessagePage() {
  const { id = '' } = useParams();
  const { data: message, error } = useLoaded(() => adminApi.mailMessage(id), id);

  return (
    <>
      <PageTitle>{message?.subject ?? 'Message'}</PageTitle>
      <p>
        <Link to="/admin/mail-log">← Mail log</Link>
      </p>
      <FormMessage>{error}</FormMessage>
      {!message && !error ? <PageLoading label="Loading the message" /> : null}
      {message ? (
        <article className="acc-panel adm-message" aria-labelledby="message-title">
          <h1 id="message-title">{message.subject ?? message.template}</h1>
          <dl className="adm-facts">
            <dt>Status</dt>
            <dd>
              <MailStatusBadge status={message.status} />
              {message.error ? <span className="adm-reason"> {message.error}</span> : null}
            </dd>
            <dt>To</dt>
            <dd>{message.to}</dd>
            <dt>Time</dt>
            <dd>{dateTime(message.sentAt ?? message.createdAt)}</dd>
            <dt>Template</dt>
            <dd className="acc-mono">{message.template}</dd>
          </dl>
          {message.links.length ? (
            <section aria-labelledby="links-title">
              <h2 id="links-title">Links in this message</h2>
              <ul className="adm-links">
                {message.links.map((link) => (
                  <li key={link}>
                    <a href={link} className="acc-mono" rel="noreferrer noopener" target="_blank">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {message.html ? (
            <section aria-labelledby="html-title">
              <h2 id="html-title">As the recipient sees it</h2>
              {/* No scripts, no same-origin access: the message is shown, never run. */}
              <iframe
                className="adm-mail-frame"
                title={`The message to ${message.to}`}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                srcDoc={message.html}
              />
            </section>
          ) : null}
          {message.text ? (
            <section aria-labelledby="text-title">
              <h2 id="text-title">Plain text</h2>
              <pre className="adm-mail-text">{message.text}</pre>
            </section>
          ) : null}
          {!message.html && !message.text ? (
            <p className="acc-field__hint">
              Only messages kept while no mail server is configured keep their text. This one was handed to the mail
              server, so the log holds its envelope only.
            </p>
          ) : null}
        </article>
      ) : null}
    </>
  );
}
