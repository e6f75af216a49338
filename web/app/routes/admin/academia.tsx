import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { useLoaded } from '../../features/admin/use-loaded';
import { formatDate, plansApi, type AcademiaApplication } from '../../features/plans/plans-api';
import { errorMessage } from '../../lib/api-client';
import '../../features/admin/admin.css';
import '../../features/plans/plans.css';

const STATUSES = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'reverted', label: 'Reverted to Public' },
] as const;

/** /admin/academia: educators' applications for the Academia plan; approve, reject, confirm the backlink. */
export default function AdminAcademiaPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'pending';
  const { data, error, loading, reload } = useLoaded(() => plansApi.adminAcademia(status), status);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const decide = (app: AcademiaApplication, decision: 'approve' | 'reject' | 'confirm-backlink') => {
    setNotice(null);
    plansApi.adminDecideAcademia(app.id, decision).then(
      () => {
        setNotice({
          kind: 'success',
          text:
            decision === 'approve'
              ? `${app.email} is now on the Academia plan.`
              : decision === 'reject'
                ? `The application of ${app.email} was rejected.`
                : `The backlink of ${app.email} is confirmed.`,
        });
        reload();
      },
      (e: unknown) => setNotice({ kind: 'error', text: errorMessage(e) }),
    );
  };
  return (
    <>
      <PageTitle>Academia applications</PageTitle>
      <header>
        <h1>Academia applications</h1>
        <p>
          Approved educators get the Academia plan. Without a confirmed backlink within 30 days the workspace goes back
          to Public (with a reminder e-mail 7 days before).
        </p>
      </header>
      <div className="plan-tabs" role="tablist" aria-label="Application status">
        {STATUSES.map((s) => (
          <button
            key={s.value}
            type="button"
            role="tab"
            aria-selected={status === s.value}
            onClick={() => setParams({ status: s.value })}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div aria-live="polite">{notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}</div>
      <FormMessage>{error}</FormMessage>
      {loading && !data ? <PageLoading label="Loading the applications" /> : null}
      {data && data.length === 0 ? <p className="acc-panel">No applications here.</p> : null}
      <div className="academia-list">
        {data?.map((app) => (
          <article key={app.id} className="acc-panel academia-card" aria-label={`Application of ${app.email}`}>
            <h2>
              {app.courseName} <span className="acc-mono">{app.username ?? app.email}</span>
            </h2>
            <dl>
              <dt>Account</dt>
              <dd>{app.email}</dd>
              <dt>Educator e-mail</dt>
              <dd>{app.educatorEmail}</dd>
              <dt>Students</dt>
              <dd>{app.studentsCount}</dd>
              <dt>Lesson plan</dt>
              <dd>{app.lessonPlan}</dd>
              <dt>Exam curriculum</dt>
              <dd>{app.examCurriculum}</dd>
              <dt>Motivation</dt>
              <dd>{app.motivation}</dd>
              <dt>Backlink</dt>
              <dd>
                {app.backlinkUrl ? (
                  <a href={app.backlinkUrl} rel="noreferrer nofollow" target="_blank">
                    {app.backlinkUrl}
                  </a>
                ) : app.backlinkAcknowledged ? (
                  'Acknowledged, not added yet'
                ) : (
                  'Not acknowledged'
                )}
              </dd>
              <dt>Applied</dt>
              <dd>{formatDate(app.createdAt)}</dd>
              {app.backlinkDueAt ? (
                <>
                  <dt>Backlink due</dt>
                  <dd>
                    {app.backlinkConfirmedAt
                      ? `Confirmed ${formatDate(app.backlinkConfirmedAt)}`
                      : formatDate(app.backlinkDueAt)}
                  </dd>
                </>
              ) : null}
            </dl>
            <div className="acc-row acc-row--end">
              {app.status === 'pending' ? (
                <>
                  <button type="button" className="button button--ghost" onClick={() => decide(app, 'reject')}>
                    Reject
                  </button>
                  <button type="button" className="button button--primary" onClick={() => decide(app, 'approve')}>
                    Approve
                  </button>
                </>
              ) : null}
              {app.status === 'approved' && !app.backlinkConfirmedAt ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => decide(app, 'confirm-backlink')}
                >
                  Confirm backlink
                </button>
              ) : null}
            </div>
          </article>
        ))}
      </div>
    </>
  );
}
