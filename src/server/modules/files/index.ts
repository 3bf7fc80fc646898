export { filesRoutes } from './files.routes.js';
export { localFileStorage, type FileStorage } from './local-storage.js';
export { readFiles, type UploadedPart, type MultipartLimits } from './multipart.js';
