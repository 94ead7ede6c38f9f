import { cva, type VariantProps } from 'class-variance-authority';

/** Page and section headings: one type scale, so every title of a size looks the same. */
export const headingVariants = cva('font-bold tracking-tight text-foreground', {
  variants: {
    size: {
      /** A small caps line naming a quiet section (the logo strip). */
      eyebrow: 'text-sm font-semibold tracking-wider text-muted-foreground uppercase',
      /** Card titles. */
      xs: 'text-xl',
      /** Titles of blocks within a page: groups of posts, empty and error states, banners. */
      sm: 'text-2xl',
      /** Section titles in a block of text, call-to-action bands, error pages. */
      md: 'text-3xl sm:text-4xl',
      /** Section titles with a subtitle, page titles, post titles. */
      lg: 'text-3xl sm:text-4xl md:text-5xl',
      /** Long documents' titles (the legal pages). */
      xl: 'text-4xl sm:text-5xl',
    },
  },
  defaultVariants: { size: 'lg' },
});

export type HeadingVariantProps = VariantProps<typeof headingVariants>;
