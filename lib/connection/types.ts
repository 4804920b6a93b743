/** What the browser may know of a connection: never the token. */
export interface ConnectionSummary {
  id: string;
  portalOrigin: string;
  partnerName: string;
}
