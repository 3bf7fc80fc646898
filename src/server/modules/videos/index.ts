export { tutorialVideos } from './videos.tables.js';
