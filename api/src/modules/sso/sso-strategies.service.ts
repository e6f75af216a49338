import { Injectable } from '@nestjs/common';
import { discover } from './oidc-discovery.js';
import { SsoSettingsService, type SsoSettings } from './sso-settings.service.js';
import { SsoSignInService } from './sso-sign-in.service.js';
import { SsoStrategy } from './sso.strategy.js';

/** A discovered configuration is reused this long, then read again (keys and endpoints can rotate). */
const DISCOVERY_TTL_MS = 10 * 60_000;

/**
 * The strategy for the settings in force, built after discovery. Every start of a sign-in discovers
 * afresh (so a provider that went down is told before the browser is sent to it); the callback
 * reuses the strategy while the settings stay the same (a save changes their version) for at most
 * DISCOVERY_TTL_MS. A failed discovery is not kept.
 */
@Injectable()
export class SsoStrategies {
  private cached: { version: string; at: number; strategy: Promise<SsoStrategy> } | null = null;

  constructor(
    private readonly settings: SsoSettingsService,
    private readonly signIn: SsoSignInService,
  ) {}

  for(settings: SsoSettings, options: { fresh?: boolean } = {}): Promise<SsoStrategy> {
    const now = Date.now();
    if (!options.fresh && this.cached?.version === settings.version && now - this.cached.at < DISCOVERY_TTL_MS) {
      return this.cached.strategy;
    }
    const strategy = discover(settings).then(
      (configuration) => new SsoStrategy(configuration, settings, this.settings.callbackUrl, this.signIn),
    );
    const entry = { version: settings.version, at: now, strategy };
    this.cached = entry;
    strategy.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return strategy;
  }
}
