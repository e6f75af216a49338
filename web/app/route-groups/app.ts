import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The application for logged-in users: the diagram list and the editor (served with and without /en). */
export function appRoutes(idPrefix: string): RouteConfigEntry[] {
  return [
    route('diagrams', 'routes/diagrams/list.tsx', { id: `${idPrefix}diagrams` }),
    route('diagrams/:fuid', 'routes/diagrams/editor.tsx', { id: `${idPrefix}diagram-editor` }),
    route('notifications', 'routes/notifications.tsx', { id: `${idPrefix}notifications` }),
    route('activity', 'routes/activity.tsx', { id: `${idPrefix}activity` }),
    route('invitations', 'routes/teams/invitation.tsx', { id: `${idPrefix}team-invitations` }),
    route('invitations/:key', 'routes/teams/invitation.tsx', { id: `${idPrefix}team-invitation` }),
    // ---- library ----
    route('templates/:type/:id', 'routes/templates/template.tsx', { id: `${idPrefix}template` }),
    // plans: payment plan and comparison, the trial start
    route('plans', 'routes/plans/plans.tsx', { id: `${idPrefix}plans` }),
    route('start-trial/:planName/:billingCycle', 'routes/plans/start-trial.tsx', { id: `${idPrefix}start-trial` }),
  ];
}
