/** The pictures of this build's image cache (src/integrations/pocketbaseImages.ts). */
declare module 'virtual:ledgerwise/pocketbase-images' {
  const images: Map<string, import('astro').ImageMetadata>;
  export default images;
}
