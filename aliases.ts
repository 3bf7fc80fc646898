import { fileURLToPath } from 'node:url';

/**
 * The import aliases of the code's five areas, for Vite and Vitest; tsconfig.json's `paths` says
 * the same for the typecheck, tsx and dependency-cruiser. An import that leaves its own area
 * (the admin importing the shared contract, a test importing the server) names the area instead
 * of climbing folders: `@shared/contract/pda.js`.
 */
const area = (name: string) => fileURLToPath(new URL(`./src/${name}`, import.meta.url));

export const AREA_ALIASES = {
  '@shared': area('shared'),
  '@server': area('server'),
  '@api': area('api'),
  '@admin': area('admin'),
  '@pda': area('pda'),
};
