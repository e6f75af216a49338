import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/**
 * Which API module writes each table (Prisma model → api/src/modules/<folder>). Other modules ask
 * the owner's exported service, passing their transaction when the write belongs to their change.
 * Reads are free (a module may read any table); writes are not.
 */
export const TABLE_OWNERS = {
  User: 'users',
  UserImage: 'users',
  Session: 'auth',
  RefreshToken: 'auth',
  AuthToken: 'auth',
  ApiKey: 'api-keys',
  Webhook: 'webhooks',
  WebhookDelivery: 'webhooks',
  MailSettings: 'admin',
  SsoSettings: 'sso',
  AuditLogEntry: 'audit',
  InstanceSetting: 'instance',
  MailLog: 'mail',
  Workspace: 'workspaces',
  WorkspaceMember: 'workspaces',
  ContentEntry: 'content',
  ContentSetting: 'content',
  TrackingMessage: 'tracking',
  ContactSubmission: 'contact',
  Diagram: 'diagrams',
  DiagramRevision: 'diagrams',
  DiagramTag: 'diagrams',
  DiagramCopyBase: 'diagrams',
  DiagramLiveDocument: 'collab',
  DiagramProposal: 'proposals',
  CommentThread: 'comments',
  Comment: 'comments',
  DiagramShare: 'shares',
  Tag: 'tags',
  Play: 'plays',
  PlayBlock: 'plays',
  DiagramThumbnail: 'thumbnails',
  Notification: 'notifications',
  DomainEvent: 'events',
  DomainEventDelivery: 'events',
  DiagramLike: 'social',
  UserFollow: 'social',
  TeamInvitation: 'teams',
  Template: 'templates',
  Tour: 'tours',
  BalanceTest: 'balance-tests',
  BalanceTestRun: 'balance-tests',
  LibraryItem: 'library',
  UserPreference: 'library',
  Plan: 'plans',
  Subscription: 'plans',
  AcademiaApplication: 'plans',
  BillingAccount: 'billing',
  StripeEvent: 'billing',
  CommunityView: 'community',
  CommunitySpotlight: 'community',
  CommunityMonthlyPick: 'community',
  CommunityTemplate: 'community',
  Activity: 'activity',
  ActivityView: 'activity',
  DriveConnection: 'drive',
};

const WRITES = 'create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany';
/** `tx.user.update(`, `this.prisma.diagram\n  .deleteMany(`: a Prisma delegate written through any client. */
const DELEGATE_WRITE = new RegExp(`\\b([a-z][A-Za-z0-9]*)\\s*\\.\\s*(?:${WRITES})\\s*\\(`, 'g');
/** Raw SQL: INSERT INTO x, UPDATE x, DELETE FROM x. */
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?/g;

/** Models and their tables from prisma/schema.prisma. */
export function schemaModels(schema) {
  const models = [];
  for (const match of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const table = /@@map\("([^"]+)"\)/.exec(match[2])?.[1] ?? match[1];
    models.push({ model: match[1], delegate: match[1][0].toLowerCase() + match[1].slice(1), table });
  }
  return models;
}

/** Problems: models without an owner, and writes to a table from a module that does not own it. */
export function checkTableOwners(
  schema = readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8'),
  modulesDir = path.join(root, 'api/src/modules'),
) {
  const problems = [];
  const models = schemaModels(schema);
  const byDelegate = new Map(models.map((m) => [m.delegate, m]));
  const byTable = new Map(models.map((m) => [m.table, m]));
  for (const { model } of models)
    if (!TABLE_OWNERS[model])
      problems.push(`prisma model ${model} has no owning module in scripts/check-table-owners.mjs`);
  for (const file of sourceFiles(modulesDir)) {
    const module = path.relative(modulesDir, file).split(path.sep)[0];
    const text = readFileSync(file, 'utf8');
    const line = (index) => text.slice(0, index).split('\n').length;
    const report = (entry, index) => {
      const owner = TABLE_OWNERS[entry.model];
      if (owner && owner !== module)
        problems.push(
          `${path.relative(root, file)}:${line(index)}: writes ${entry.table}, which the ${owner} module owns (call its service)`,
        );
    };
    for (const match of text.matchAll(DELEGATE_WRITE)) {
      const entry = byDelegate.get(match[1]);
      if (entry) report(entry, match.index);
    }
    for (const match of text.matchAll(SQL_WRITE)) {
      const entry = byTable.get(match[1]);
      if (entry) report(entry, match.index);
    }
  }
  return problems;
}

/** The modules' source, without tests (tests arrange data in any table). */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(int-)?spec\.ts$|\.test\.ts$/.test(name) ? [full] : [];
  });
}
