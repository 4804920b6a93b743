export const standaloneServer: string;
export function buildDashboard(env?: NodeJS.ProcessEnv): Promise<number>;
export function copyAssets(): void;
