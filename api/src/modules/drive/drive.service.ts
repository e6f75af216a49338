import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DRIVE_APP_PROPERTY, DRIVE_SCOPE, ErrorCode, type DiagramView } from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { SignedTokens } from '../../core/crypto/signed-token.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { DiagramFilesService } from '../diagrams/diagram-files.service.js';
import { DriveRepository } from './drive.repository.js';

const TIMEOUT_MS = 15_000;
const FLOW_SECONDS = 600;
const MAX_FILE_CHARS = 4_500_000;

export interface DriveFile {
  id: string;
  name: string;
  modifiedTime: string | null;
}
interface FlowState {
  uid: string;
  nonce: string;
  returnTo: string;
  exp: number;
}
interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/**
 * Google Drive through its REST API v3 (GOOGLE_DRIVE_API_BASE) with a separate OAuth authorization
 * (scope drive.file) on the Google sign-in client; the tokens are stored sealed (SecretBox).
 */
@Injectable()
export class DriveService {
  readonly enabled: boolean;
  private readonly secrets: SecretBox;
  private readonly flows: SignedTokens<FlowState>;
  private readonly pkceKey: Buffer;
  private readonly apiBase: string;
  private readonly callbackUrl: string;

  constructor(
    private readonly repository: DriveRepository,
    private readonly files: DiagramFilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.enabled = !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
    this.secrets = new SecretBox(deriveKey(config.APP_SECRET, 'google-drive-tokens'));
    this.flows = new SignedTokens(deriveKey(config.APP_SECRET, 'google-drive-flow'));
    this.pkceKey = deriveKey(config.APP_SECRET, 'google-drive-pkce');
    this.apiBase = config.GOOGLE_DRIVE_API_BASE.replace(/\/$/, '');
    this.callbackUrl = `${config.APP_URL.replace(/\/$/, '')}/api/drive/callback`;
  }

  async status(caller: Caller): Promise<{ available: boolean; connected: boolean }> {
    if (!this.enabled) return { available: false, connected: false };
    return { available: true, connected: !!(await this.repository.find(caller.userId)) };
  }

  /** Google's authorize URL for the drive.file scope; state binds the flow to this user, PKCE to this state. */
  authorizeUrl(caller: Caller, returnTo: string): string {
    this.requireEnabled();
    const nonce = randomBytes(16).toString('base64url');
    const state = this.flows.sign({
      uid: caller.userId,
      nonce,
      returnTo,
      exp: Math.floor(Date.now() / 1000) + FLOW_SECONDS,
    });
    const url = new URL(this.config.GOOGLE_AUTHORIZE_URL);
    const params = {
      client_id: this.config.GOOGLE_CLIENT_ID!,
      redirect_uri: this.callbackUrl,
      response_type: 'code',
      scope: DRIVE_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
      code_challenge: createHash('sha256').update(this.verifier(nonce)).digest('base64url'),
      code_challenge_method: 'S256',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  /** Exchanges the code and stores the tokens. Answers where to send the browser, or null when the flow is not valid. */
  async finish(caller: Caller, code: string, stateToken: string): Promise<string | null> {
    this.requireEnabled();
    const state = this.flows.verify(stateToken);
    if (!state || state.uid !== caller.userId) return null;
    const answer = await this.tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.callbackUrl,
      code_verifier: this.verifier(state.nonce),
    });
    if (!answer?.access_token) return null;
    await this.store(caller.userId, answer, null);
    return state.returnTo;
  }

  async disconnect(caller: Caller): Promise<void> {
    await this.repository.delete(caller.userId);
  }

  /** Uploads our JSON file (multipart), then moves it into the folder; a failed move leaves it on the root. */
  async export(caller: Caller, fuid: string, folderId?: string): Promise<DriveFile> {
    this.requireEnabled();
    const file = await this.files.exportJson(fuid, caller);
    const token = await this.accessToken(caller);
    const boundary = `loopwright-${randomBytes(12).toString('hex')}`;
    const metadata = {
      name: `${file.name || 'Untitled'}.loopwright.json`,
      mimeType: 'application/json',
      appProperties: { [DRIVE_APP_PROPERTY]: '1', fuid },
    };
    const body = [
      `--${boundary}`,
      'Content-Type: application/json; charset=UTF-8',
      '',
      JSON.stringify(metadata),
      `--${boundary}`,
      'Content-Type: application/json',
      '',
      JSON.stringify(file),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const uploaded = await this.call(
      caller,
      `/upload/drive/v3/files?uploadType=multipart&fields=id,name,modifiedTime,parents`,
      token,
      {
        method: 'POST',
        headers: { 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      },
    );
    const created = (await uploaded.json()) as DriveFile & { parents?: string[] };
    if (folderId) {
      const query = new URLSearchParams({
        addParents: folderId,
        removeParents: (created.parents ?? []).join(','),
        fields: 'id,name,modifiedTime',
      });
      const moved = await this.send(`/drive/v3/files/${encodeURIComponent(created.id)}?${query}`, token, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (!moved?.ok) throw new AppError(ErrorCode.DRIVE_SAVED_ON_ROOT, { details: { fileId: created.id } });
    }
    return { id: created.id, name: created.name, modifiedTime: created.modifiedTime ?? null };
  }

  /** The user's Loopwright diagrams on Drive (files this app created carry our appProperty). */
  async list(caller: Caller): Promise<DriveFile[]> {
    const token = await this.accessToken(caller);
    const query = new URLSearchParams({
      q: `appProperties has { key='${DRIVE_APP_PROPERTY}' and value='1' } and trashed = false`,
      fields: 'files(id,name,modifiedTime)',
      orderBy: 'modifiedTime desc',
      pageSize: '100',
      spaces: 'drive',
    });
    const answer = (await (await this.call(caller, `/drive/v3/files?${query}`, token)).json()) as {
      files?: Partial<DriveFile>[];
    };
    return (answer.files ?? [])
      .filter((f) => f.id && f.name)
      .map((f) => ({ id: f.id!, name: f.name!, modifiedTime: f.modifiedTime ?? null }));
  }

  /** Downloads the file and creates a diagram through the ordinary import (validation and plan limits apply). */
  async import(caller: Caller, fileId: string): Promise<DiagramView> {
    const token = await this.accessToken(caller);
    const response = await this.call(caller, `/drive/v3/files/${encodeURIComponent(fileId)}?alt=media`, token);
    const text = await response.text();
    if (text.length > MAX_FILE_CHARS) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
    return (await this.files.import(caller, text)).diagram;
  }

  private requireEnabled(): void {
    if (!this.enabled) throw new AppError(ErrorCode.DRIVE_NOT_CONFIGURED);
  }

  private verifier(nonce: string): string {
    return createHmac('sha256', this.pkceKey).update(nonce).digest('base64url');
  }

  private async store(userId: string, answer: TokenAnswer, keptRefresh: string | null): Promise<string> {
    const refresh = answer.refresh_token ?? keptRefresh;
    await this.repository.save({
      userId,
      accessToken: this.secrets.seal(answer.access_token!),
      refreshToken: refresh ? this.secrets.seal(refresh) : null,
      expiresAt: answer.expires_in ? new Date(Date.now() + (answer.expires_in - 60) * 1000) : null,
    });
    return answer.access_token!;
  }

  /** A valid access token: refreshed when expired; without a usable connection, DRIVE_NOT_CONNECTED. */
  private async accessToken(caller: Caller): Promise<string> {
    this.requireEnabled();
    const row = await this.repository.find(caller.userId);
    if (!row) throw new AppError(ErrorCode.DRIVE_NOT_CONNECTED);
    if (!row.expiresAt || row.expiresAt.getTime() > Date.now()) return this.secrets.open(row.accessToken);
    const refresh = row.refreshToken ? this.secrets.open(row.refreshToken) : null;
    if (!refresh) throw new AppError(ErrorCode.DRIVE_NOT_CONNECTED);
    const answer = await this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh });
    if (!answer?.access_token) throw new AppError(ErrorCode.DRIVE_UNAVAILABLE);
    return this.store(caller.userId, answer, refresh);
  }

  private async tokenRequest(form: Record<string, string>): Promise<TokenAnswer | null> {
    try {
      const response = await fetch(this.config.GOOGLE_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          ...form,
          client_id: this.config.GOOGLE_CLIENT_ID!,
          client_secret: this.config.GOOGLE_CLIENT_SECRET!,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        this.logger.warn({ status: response.status }, 'Google Drive token request refused');
        return null;
      }
      return (await response.json()) as TokenAnswer;
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'Google Drive token request failed');
      return null;
    }
  }

  private async send(path: string, token: string, init: RequestInit = {}): Promise<Response | null> {
    try {
      return await fetch(`${this.apiBase}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'Google Drive did not answer');
      return null;
    }
  }

  /** A Drive call that must succeed: 401 forgets the connection, 404 is a missing file, anything else DRIVE_UNAVAILABLE. */
  private async call(caller: Caller, path: string, token: string, init: RequestInit = {}): Promise<Response> {
    const response = await this.send(path, token, init);
    if (response?.ok) return response;
    if (response?.status === 401) {
      await this.repository.delete(caller.userId);
      throw new AppError(ErrorCode.DRIVE_NOT_CONNECTED);
    }
    if (response?.status === 404) throw new AppError(ErrorCode.DRIVE_FILE_NOT_FOUND);
    if (response)
      this.logger.warn({ status: response.status, path: path.split('?')[0] }, 'Google Drive refused a call');
    throw new AppError(ErrorCode.DRIVE_UNAVAILABLE);
  }
}
