export declare const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }>;
