// Who changed a portal's shared settings last, as every settings answer says it (one definition
// for cover planning's and onderwijstijd's, and what the settings panel shows).

/** Who changed a portal's settings last: the connection's partner name and id, and when (ms). */
export interface SettingsChange {
  partner: string;
  connection: string;
  at: number;
}
