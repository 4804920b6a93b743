// The rights page's own Rooster routes.

/** The OpenAPI 3.1 document of exactly the connected token's rights. */
export const OPENAPI_URL = '/api/openapi.json';
