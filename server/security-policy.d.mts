type CspDirective = `${string}-${string} ${string}`;
export declare const MAPS_SCRIPT_ORIGINS: readonly string[];
export declare const MAPS_ASSET_ORIGINS: readonly string[];
export declare const STYLE_ATTRIBUTE_RESOURCE: { readonly resource: "'unsafe-inline'"; readonly kind: "attribute" };
export declare function cspDirectives(): CspDirective[];
export declare function mapsCspDirectives(): CspDirective[];
export declare const PERMISSIONS_POLICY: string;
export declare const HSTS_MAX_AGE_SECONDS: number;
export declare function forwardedOverHttps(value: string | string[] | undefined | null): boolean;
