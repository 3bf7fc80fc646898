export { videoRoutes } from './videos.routes.js';
export * from './videos.tables.js';
