import { config } from "zod/mini";

// zod compiles fast parsers with `new Function` after probing whether eval is
// allowed; under our Content-Security-Policy (no 'unsafe-eval') that probe is a
// reported violation. The interpreted path is fast enough for forms this size.
config({ jitless: true });
