export const standaloneServer: string;
export function buildDashboard(env?: NodeJS.ProcessEnv): Promise<number>;
export function copyAssets(dir?: string): void;
export function assetsInPlace(dir?: string): boolean;
export function prepareStandalone(dir?: string): string | null;
