import { z } from "zod";

// The screens run under a Content-Security-Policy without 'unsafe-eval' (decision record 013).
// Building an object schema makes zod probe `new Function` for its compiled fast path, which the
// browser reports as a violation even though zod catches the refusal: in the browser zod parses
// without it. Imported before the schemas the settings editor reads (lib/config/setting-schema.ts).
if (typeof window !== "undefined") z.config({ jitless: true });
