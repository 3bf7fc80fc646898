/** The imitated marketplaces, one file each; the sandbox serves every one listed here. */
import type { SandboxPlatform } from '../server.js';

export const SANDBOX_PLATFORMS: SandboxPlatform[] = [];
