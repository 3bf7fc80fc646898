export { localFileStorage, type FileStorage } from './local-storage.js';
export { readFiles, type UploadedPart, type MultipartLimits } from './multipart.js';
export { fileUrl } from './files.service.js';
export { sniffImageType, typeOfExtension } from './image-type.js';
