// The project's own client directive (src/integrations/clientInteraction.mjs), typed for templates.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}

export {};
