import { PageTitle } from '../../features/account/page-shell';
import { TeamMembersScreen } from '../../features/teams/team-members';

/** /settings/team: the team members screen and the team settings. */
export default function TeamSettingsPage() {
  return (
    <>
      <PageTitle>Team members</PageTitle>
      <header>
        <h1>Team members</h1>
        <p>Invite people, manage their rights and states, and see the seats your plan includes.</p>
      </header>
      <TeamMembersScreen />
    </>
  );
}
