/** The imitated marketplaces, one file each; the sandbox serves every one listed here. */
import type { SandboxPlatform } from '../server.js';
import { coupangSandbox } from './coupang.js';
import { shopifySandbox } from './shopify.js';

export const SANDBOX_PLATFORMS: SandboxPlatform[] = [coupangSandbox, shopifySandbox];
