import type { Team } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { teamsApi } from './teams-api';

/**
 * The caller's team for the home lists: the Team folder tab shows while they own a team or are an
 * active member of one whose subscription runs (members of a downgraded team lose the folder).
 */
export function useTeamFolder(version = 0): { team: Team | null; showFolder: boolean } {
  const [team, setTeam] = useState<Team | null>(null);
  useEffect(() => {
    let live = true;
    teamsApi.mine().then(
      (t) => live && setTeam(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [version]);
  return { team, showFolder: !!team && (team.role === 'owner' || !team.downgraded) };
}
