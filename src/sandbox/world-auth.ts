/**
 * A sandbox marketplace's authorisations: the one-time codes its consent redirect carries and the
 * access and refresh tokens it issues for a shop, with the lifetimes a test may shorten
 * (`/__control/token-lifetimes`). In memory, on the world's clock, reset with the world.
 */
import { randomBytes } from 'node:crypto';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';

export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}

export interface IssuedToken {
  platform: MarketplacePlatform;
  shopId: string;
  kind: 'access' | 'refresh';
  expiresAt: number;
  revoked: boolean;
}

const DEFAULT_LIFETIMES: TokenLifetimes = { accessSeconds: 4 * 3600, refreshSeconds: 30 * 24 * 3600 };

export class Authorisations {
  readonly tokens = new Map<string, IssuedToken>();
  readonly codes = new Map<
    string,
    { platform: MarketplacePlatform; shopId: string; expiresAt: number; used: boolean }
  >();
  lifetimes: TokenLifetimes = { ...DEFAULT_LIFETIMES };

  /** `now` is the world's clock, which a test moves. */
  constructor(private readonly now: () => number) {}

  reset(): void {
    this.tokens.clear();
    this.codes.clear();
    this.lifetimes = { ...DEFAULT_LIFETIMES };
  }

  /** A one-time authorisation code for a shop, valid ten minutes (what the redirect carries). */
  issueCode(platform: MarketplacePlatform, shopId: string): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { platform, shopId, expiresAt: this.now() + 600_000, used: false });
    return code;
  }

  /** Trades a code for its shop; null when unknown, used, expired or of another platform. */
  useCode(platform: MarketplacePlatform, code: string): string | null {
    const found = this.codes.get(code);
    if (!found || found.used || found.platform !== platform || found.expiresAt < this.now()) return null;
    found.used = true;
    return found.shopId;
  }

  /** A fresh access and refresh token pair for a shop, with the world's lifetimes. */
  issueTokens(
    platform: MarketplacePlatform,
    shopId: string,
  ): { accessToken: string; refreshToken: string; accessExpiresAt: number; refreshExpiresAt: number } {
    const now = this.now();
    const accessToken = randomBytes(16).toString('hex');
    const refreshToken = randomBytes(16).toString('hex');
    const accessExpiresAt = now + this.lifetimes.accessSeconds * 1000;
    const refreshExpiresAt = now + this.lifetimes.refreshSeconds * 1000;
    this.tokens.set(accessToken, {
      platform,
      shopId,
      kind: 'access',
      expiresAt: accessExpiresAt,
      revoked: false,
    });
    this.tokens.set(refreshToken, {
      platform,
      shopId,
      kind: 'refresh',
      expiresAt: refreshExpiresAt,
      revoked: false,
    });
    return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt };
  }

  /** What a presented token is: its shop, or why it is refused. */
  checkToken(
    platform: MarketplacePlatform,
    token: string,
    kind: 'access' | 'refresh',
  ): { shopId: string } | { refused: 'invalid' | 'expired' | 'revoked' } {
    const found = this.tokens.get(token);
    if (!found || found.platform !== platform || found.kind !== kind) return { refused: 'invalid' };
    if (found.revoked) return { refused: 'revoked' };
    if (found.expiresAt <= this.now()) return { refused: 'expired' };
    return { shopId: found.shopId };
  }

  /** A refresh: the old refresh token is spent, a new pair issued; null with the refusal otherwise. */
  refreshTokens(platform: MarketplacePlatform, refreshToken: string) {
    const checked = this.checkToken(platform, refreshToken, 'refresh');
    if ('refused' in checked) return checked;
    const spent = this.tokens.get(refreshToken);
    if (spent) spent.revoked = true;
    return { shopId: checked.shopId, ...this.issueTokens(platform, checked.shopId) };
  }

  /** The seller cancels the authorisation on the platform: every token of the shop stops working. */
  revoke(platform: MarketplacePlatform, shopId: string): void {
    for (const token of this.tokens.values()) {
      if (token.platform === platform && token.shopId === shopId) token.revoked = true;
    }
  }

  /** Every access token issued for the shop stops working now (the platform expired them early). */
  expireAccessTokens(platform: MarketplacePlatform, shopId: string): number {
    let expired = 0;
    for (const token of this.tokens.values()) {
      if (token.platform !== platform || token.shopId !== shopId || token.kind !== 'access') continue;
      if (token.expiresAt > this.now()) expired += 1;
      token.expiresAt = Math.min(token.expiresAt, this.now());
    }
    return expired;
  }
}
