// Onderwijstijd's addresses, for the browser (api.client.ts) and the page drawn on the server alike.

/** Onderwijstijd's addresses: the API's lists, the settings, and the page a school leader shares. */
export const onderwijstijdPaths = {
  settings: () => '/api/onderwijstijd/settings',
  /** The page for a period, a klas in it, a student of that klas: the address one shares. */
  page: ({ from, to, group, student }: { from: string; to: string; group?: string | null; student?: string | null }) =>
    `/onderwijstijd?${new URLSearchParams({ from, to, ...(group ? { group } : {}), ...(student ? { student } : {}) })}`,
};
