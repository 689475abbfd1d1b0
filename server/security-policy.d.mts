/** The directives of cspDirectives(), spelled so that Astro's `security.csp.directives` accepts them. */
type CspDirective = `${"default-src" | "img-src" | "font-src" | "connect-src" | "frame-src" | "frame-ancestors" | "object-src" | "base-uri" | "form-action" | "manifest-src" | "worker-src"} ${string}`;
export declare const MAPS_SCRIPT_ORIGINS: readonly string[];
export declare const MAPS_ASSET_ORIGINS: readonly string[];
export declare const STYLE_ATTRIBUTE_RESOURCE: { readonly resource: "'unsafe-inline'"; readonly kind: "attribute" };
export declare function cspDirectives(): CspDirective[];
export declare function mapsCspDirectives(): (`img-src ${string}` | `connect-src ${string}`)[];
export declare const PERMISSIONS_POLICY: string;
export declare const HSTS_MAX_AGE_SECONDS: number;
export declare function forwardedOverHttps(value: string | string[] | undefined | null): boolean;
export declare function baselineContentSecurityPolicy(): string;
export declare const UPGRADE_INSECURE_REQUESTS: "upgrade-insecure-requests";
