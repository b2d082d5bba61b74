/**
 * Where the API lives, apart from the call table so the service worker can
 * know the paths without bundling the schemas.
 */
export const API_PREFIX = '/public/api';

/** `GET /version.json`: not under the API prefix, read before anything else. */
export const VERSION_PATH = '/version.json';

/** Pictures: the demo's, uploads, and their sized copies (sized-images.ts). */
export const IMAGES_PATH_PREFIX = '/public/images/';
