export { pendingQuestionCount } from './questions.service.js';
export { orderQuestions } from './questions.tables.js';
