/**
 * Where the API lives, apart from the call table so the service worker can
 * know the paths without bundling the schemas.
 */
export const API_PREFIX = '/public/api';

/** `GET /version.json`: not under the API prefix, read before anything else. */
export const VERSION_PATH = '/version.json';
