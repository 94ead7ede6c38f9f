// The project's own client directive (src/integrations/clientInteraction.ts), typed for templates.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}

export {};
