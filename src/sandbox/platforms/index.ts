/** The imitated marketplaces, one file each; the sandbox serves every one listed here. */
import type { SandboxPlatform } from '../server.js';
import { coupangSandbox } from './coupang.js';
import { joomSandbox } from './joom.js';
import { lazadaSandbox } from './lazada.js';
import { shopeeSandbox } from './shopee.js';
import { shopifySandbox } from './shopify.js';
import { tiktokSandbox } from './tiktok.js';

export const SANDBOX_PLATFORMS: SandboxPlatform[] = [
  shopeeSandbox,
  lazadaSandbox,
  coupangSandbox,
  shopifySandbox,
  tiktokSandbox,
  joomSandbox,
];
