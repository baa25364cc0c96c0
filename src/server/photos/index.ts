/**
 * The photos module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { addPhoto, deletePhoto, listPhotos, photoSizeData, reorderPhotos } from "./service.js";
export { PHOTO_FORMATS } from "./sizes.js";
