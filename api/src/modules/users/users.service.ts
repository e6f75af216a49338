import { Inject, Injectable } from '@nestjs/common';
import { AuthTexts, ErrorCode, PHOTO_MAX_BYTES, PHOTO_TYPES, type AuthenticatedUser } from '@loopwright/contracts';
import type { z } from 'zod';
import type { onboardingBodySchema, profileBodySchema } from '@loopwright/contracts';
import type { AppConfig } from '../../config/config.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { APP_CONFIG } from '../../core/tokens.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { InputJsonValue } from '../../generated/prisma/internal/prismaNamespace.js';
import { EntitlementsService } from '../plans/entitlements.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { toAuthenticatedUser } from './user-view.js';
import { UsersRepository, type UserRecord } from './users.repository.js';

export type { UserRecord };

type ProfileUpdate = z.infer<typeof profileBodySchema>;
type Onboarding = z.infer<typeof onboardingBodySchema>;

/** Profiles, onboarding, privacy and photos of the logged-in user. */
@Injectable()
export class UsersService {
  private readonly userHashKey: Buffer;

  constructor(
    private readonly users: UsersRepository,
    private readonly workspaces: WorkspacesService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly entitlements: EntitlementsService,
  ) {
    this.userHashKey = deriveKey(config.APP_SECRET, 'user-hash');
  }

  view(user: UserRecord): AuthenticatedUser {
    return toAuthenticatedUser(user, this.userHashKey);
  }

  async me(userId: string): Promise<AuthenticatedUser> {
    return this.view(await this.require(userId));
  }

  async require(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ErrorCode.AUTH_REQUIRED);
    return user;
  }

  /**
   * Every account is created here (registration, Google sign-up, first admin): the user and their
   * personal workspace, in one transaction (the caller's when given).
   */
  async create(data: Prisma.UserCreateInput, tx?: TransactionClient): Promise<UserRecord> {
    const work = async (db: TransactionClient) => {
      const user = await this.users.create(data, db);
      await this.workspaces.createPersonal(user.id, db);
      return user;
    };
    return tx ? work(tx) : this.users.transaction(work);
  }

  findById(id: string, tx?: TransactionClient): Promise<UserRecord | null> {
    return this.users.findById(id, tx);
  }

  findByEmail(email: string, tx?: TransactionClient): Promise<UserRecord | null> {
    return this.users.findByEmail(email, tx);
  }

  findByGoogle(issuer: string, subject: string): Promise<UserRecord | null> {
    return this.users.findByGoogle(issuer, subject);
  }

  findBySso(issuer: string, subject: string): Promise<UserRecord | null> {
    return this.users.findBySso(issuer, subject);
  }

  update(id: string, data: Prisma.UserUpdateInput, tx?: TransactionClient): Promise<UserRecord> {
    return this.users.update(id, data, tx);
  }

  /** Records a login; false when the account is disabled (and so may not log in). */
  recordLogin(userId: string, tx?: TransactionClient): Promise<boolean> {
    return this.users.recordLogin(userId, tx);
  }

  /** The admin users screen: a page of accounts by search and state. */
  adminPage(
    filter: { search?: string; state?: 'confirmed' | 'unconfirmed' | 'disabled' },
    page: number,
    pageSize: number,
  ) {
    return this.users.adminPage(filter, page, pageSize);
  }

  delete(id: string, tx?: TransactionClient): Promise<void> {
    return this.users.delete(id, tx);
  }

  countActiveAdmins(tx?: TransactionClient): Promise<number> {
    return this.users.countActiveAdmins(tx);
  }

  countAdmins(tx?: TransactionClient): Promise<number> {
    return this.users.countAdmins(tx);
  }

  /** How to name the user to someone else (mails, notifications). */
  async displayName(userId: string, tx?: TransactionClient): Promise<string> {
    const user = await this.users.findById(userId, tx);
    return [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || user?.email || 'Someone';
  }

  async emailOf(userId: string): Promise<string | null> {
    return this.users.emailOf(userId);
  }

  /** Name cards of the accounts behind these e-mail addresses (those that have one). */
  refsByEmail(emails: string[]) {
    return this.users.refsByEmail(emails);
  }

  /** Addresses of the instance's administrators (inside `tx` when given). */
  adminEmails(tx?: TransactionClient): Promise<string[]> {
    return this.users.adminEmails(tx);
  }

  async updateProfile(userId: string, update: ProfileUpdate): Promise<AuthenticatedUser> {
    const { games, socials, ...fields } = update;
    const data = {
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === '' ? null : v])),
      ...(games ? { games: games as InputJsonValue } : {}),
      ...(socials ? { socials: socials as InputJsonValue } : {}),
    };
    return this.view(await this.users.update(userId, data));
  }

  async usernameAvailable(username: string, userId?: string): Promise<boolean> {
    return !(await this.users.usernameTaken(username, userId));
  }

  async completeOnboarding(userId: string, answers: Onboarding): Promise<AuthenticatedUser> {
    const { username, company, jobTitle, ...rest } = answers;
    if (await this.users.usernameTaken(username, userId)) {
      throw new AppError('USER_USERNAME_TAKEN', {
        details: { fields: [{ field: 'username', message: AuthTexts.usernameTaken }] },
      });
    }
    try {
      const user = await this.users.update(userId, {
        username,
        ...(company ? { company } : {}),
        ...(jobTitle ? { jobTitle } : {}),
        onboarding: rest,
        onboardedAt: new Date(),
      });
      return this.view(user);
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') {
        throw new AppError('USER_USERNAME_TAKEN', {
          details: { fields: [{ field: 'username', message: AuthTexts.usernameTaken }] },
        });
      }
      throw error;
    }
  }

  /**
   * Account privacy by plan (app.md §4): private needs a paid plan; a Free account that is private
   * (from before) may go public, which it cannot undo, so that needs `confirmIrreversible`.
   */
  async setPrivacy(userId: string, isPrivateAccount: boolean, confirmIrreversible = false): Promise<AuthenticatedUser> {
    const current = await this.users.findById(userId);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.isPrivateAccount === isPrivateAccount) return this.view(current);
    const workspaceId = await this.workspaces.personalId(userId);
    const paid = await this.entitlements.canUsePrivate(workspaceId);
    if (isPrivateAccount && !paid) throw new AppError('PLAN_PRIVATE_REQUIRES_PAID');
    if (!isPrivateAccount && !paid && !confirmIrreversible) throw new AppError('PLAN_PUBLIC_CONFIRMATION_REQUIRED');
    return this.view(await this.users.update(userId, { isPrivateAccount }));
  }

  async saveImage(
    userId: string,
    kind: 'avatar' | 'cover',
    contentType: string | undefined,
    body: unknown,
  ): Promise<AuthenticatedUser> {
    const data = Buffer.isBuffer(body) ? body : null;
    if (!data || data.length === 0) throw new AppError('USER_PHOTO_MISSING');
    const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!(PHOTO_TYPES as readonly string[]).includes(type) || !looksLike(type, data)) {
      throw new AppError('USER_PHOTO_WRONG_TYPE');
    }
    if (data.length > PHOTO_MAX_BYTES) throw new AppError('USER_PHOTO_TOO_BIG');
    await this.users.saveImage(userId, kind, type, data);
    return this.me(userId);
  }

  async deleteImage(userId: string, kind: 'avatar' | 'cover'): Promise<AuthenticatedUser> {
    await this.users.deleteImage(userId, kind);
    return this.me(userId);
  }

  async image(userId: string, kind: 'avatar' | 'cover') {
    const image = await this.users.findImage(userId, kind);
    if (!image) throw AppError.notFound('No such image');
    return image;
  }
}

/** The file's first bytes must match its declared type: a renamed file is not an image. */
function looksLike(type: string, data: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  switch (type) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return starts(0x47, 0x49, 0x46, 0x38);
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && data.subarray(8, 12).toString('ascii') === 'WEBP';
    default:
      return false;
  }
}
