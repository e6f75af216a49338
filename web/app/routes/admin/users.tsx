import { adminUserStates, type AdminUserState } from '@loopwright/contracts';
import { useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import type { AuthenticatedUser } from '@loopwright/contracts';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import { adminApi } from '../../features/admin/admin-api';
import { FilterBar } from '../../features/admin/filter-bar';
import { Pager, pageFrom } from '../../features/admin/pager';
import { UserActions } from '../../features/admin/user-actions';
import { useLoaded } from '../../features/admin/use-loaded';
import '../../features/admin/admin.css';
import { EmptyRow } from '../../features/admin/empty-row';

const STATE_LABELS: Record<AdminUserState, string> = {
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  disabled: 'Disabled',
};

/** /admin/users: every account, its state, plan and last login; confirm, resend, disable, enable, delete. */
export default function AdminUsersPage() {
  const me = useOutletContext<AuthenticatedUser>();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const stateParam = params.get('state');
  const state = adminUserStates.includes(stateParam as AdminUserState) ? (stateParam as AdminUserState) : undefined;
  const search = params.get('search') ?? undefined;
  const {
    data: list,
    error,
    loading,
    reload,
  } = useLoaded(() => adminApi.users({ page, state, search }), `${page}|${state}|${search}`);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  return (
    <>
      <PageTitle>Users</PageTitle>
      <header>
        <h1>Users</h1>
        <p>
          Every account on this instance. Confirm someone whose confirmation e-mail cannot reach them (while no mail
          server is configured it waits in the mail log), disable an account to log it out everywhere and keep it out,
          or delete it with everything it owns.
        </p>
      </header>
      <section className="acc-panel" aria-labelledby="users-title">
        <h2 id="users-title">Accounts</h2>
        <FilterBar
          label="Filter the users"
          placeholder="E-mail, username or name"
          param="state"
          choices={adminUserStates.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
        />
        <div aria-live="polite">{outcome ? <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage> : null}</div>
        <FormMessage>{error}</FormMessage>
        {loading && !list ? <PageLoading label="Loading the users" /> : null}
        {list ? (
          <div className="acc-table-wrap" aria-busy={loading}>
            <table className="acc-table adm-table">
              <caption className="acc-visually-hidden">Accounts, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">State</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Last login</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.entries.map((user) => (
                  <tr key={user.id}>
                    <th scope="row" className="adm-user">
                      <span className="adm-break">
                        {user.email}
                        {user.role === 'admin' ? <span className="acc-badge adm-badge--admin">Admin</span> : null}
                      </span>
                      <span className="acc-field__hint">
                        {[user.username ? `@${user.username}` : 'no username yet', user.name]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      <span className="acc-field__hint">Joined {dateTime(user.createdAt)}</span>
                    </th>
                    <td>
                      <span className={`acc-badge adm-badge--${user.state}`}>{STATE_LABELS[user.state]}</span>
                    </td>
                    <td className="adm-plan">{user.plan.name}</td>
                    <td className="adm-nowrap">
                      {user.lastLoginAt ? (
                        <time dateTime={user.lastLoginAt}>{dateTime(user.lastLoginAt)}</time>
                      ) : (
                        'Never'
                      )}
                    </td>
                    <td>
                      <UserActions
                        user={user}
                        self={user.id === me.id}
                        onDone={(result) => {
                          setOutcome(result);
                          reload();
                        }}
                      />
                    </td>
                  </tr>
                ))}
                {list.entries.length === 0 ? (
                  <EmptyRow columns={5} filtered={Boolean(state || search)} noun="accounts" />
                ) : null}
              </tbody>
            </table>
          </div>
        ) : null}
        {list ? (
          <Pager
            label="User pages"
            noun={['account', 'accounts']}
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            busy={loading}
          />
        ) : null}
      </section>
    </>
  );
}
