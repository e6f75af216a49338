import { randomBytes } from 'node:crypto';
import { PrismaService } from '../../src/core/prisma/prisma.service.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { createPersonalWorkspace } from '../../src/modules/workspaces/personal-workspace.js';
import { ApiClient } from '../support/api-client.js';
import type { TestApp } from '../support/test-app.js';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string | null;
}

/** A unique, confirmed user with a password (override anything). */
export async function createUser(
  app: TestApp,
  overrides: {
    email?: string;
    password?: string;
    username?: string | null;
    confirmed?: boolean;
    role?: 'user' | 'admin';
  } = {},
): Promise<TestUser> {
  const suffix = randomBytes(5).toString('hex');
  const email = overrides.email ?? `designer-${suffix}@example.test`;
  const password = overrides.password ?? `pw-${suffix}`;
  const username = overrides.username === undefined ? `designer-${suffix}` : overrides.username;
  const passwordHash = await hashPassword(password);
  const user = await app.http.app.get(PrismaService).$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        email,
        username,
        passwordHash,
        emailConfirmedAt: overrides.confirmed === false ? null : new Date(),
        role: overrides.role ?? 'user',
      },
    });
    await createPersonalWorkspace(tx, created.id);
    return created;
  });
  return { id: user.id, email, password, username };
}

/** A client logged in as the user through the real login endpoint. */
export async function loginAs(app: TestApp, user: TestUser): Promise<ApiClient> {
  const client = new ApiClient(app.url);
  const response = await client.post('/oauth2/login', { email: user.email, password: user.password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}
