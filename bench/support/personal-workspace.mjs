import { randomUUID } from 'node:crypto';

/** A personal workspace for a user the benchmark wrote straight into the database (as the app makes with every account). */
export async function insertPersonalWorkspace(db, userId) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO workspaces (id, kind, name, owner_id, personal_user_id, updated_at) VALUES ($1, 'personal', 'Personal', $2, $2, now())`,
    [id, userId],
  );
  await db.query(
    `INSERT INTO workspace_members (id, workspace_id, user_id, role, status, updated_at) VALUES ($1, $2, $3, 'owner', 'active', now())`,
    [randomUUID(), id, userId],
  );
  return id;
}
