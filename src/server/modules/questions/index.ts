export { questionRoutes } from './questions.routes.js';
export { pendingQuestionCount } from './questions.service.js';
export * from './questions.tables.js';
