/** Every HTTP route of the identity module, registered by app.ts. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { departmentRoutes } from './departments/departments.routes.js';
import { logRoutes } from './logs/logs.routes.js';
import { roleRoutes } from './roles/roles.routes.js';
import { signInRoutes } from './sign-in/sign-in.routes.js';
import { sellerAdminRoutes } from './users/seller.routes.js';
import { userAdminRoutes } from './users/users.routes.js';

export async function identityRoutes(app: FastifyInstance, deps: AppDeps) {
  await signInRoutes(app, deps);
  await roleRoutes(app, deps);
  await userAdminRoutes(app, deps);
  await departmentRoutes(app, deps);
  await sellerAdminRoutes(app, deps);
  await logRoutes(app, deps);
}
