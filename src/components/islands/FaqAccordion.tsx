import { useRef, useState, type KeyboardEvent } from 'react';
import { splitLinks } from '@/lib/linkify';
import { ErrorBoundary, IslandMessage } from './ErrorBoundary';

interface FaqAccordionItem {
  question: string;
  answer: string;
}

interface Props {
  items: readonly FaqAccordionItem[];
  /** Level of the question headings, so they follow the section heading. */
  headingLevel?: 2 | 3;
  /** Prefix of the question and answer ids; unique per page. */
  idPrefix?: string;
}

/** Answer text with its email addresses and web addresses as links. */
function AnswerText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            className="font-medium text-primary underline underline-offset-4"
            {...(part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * At most one item open; choosing the open item closes it. Answers are rendered
 * on the server with `hidden`, so they are in the HTML before hydration. Buttons work with
 * Enter and Space; ArrowUp/ArrowDown/Home/End move between questions (WAI-ARIA accordion).
 */
function Accordion({ items, headingLevel = 2, idPrefix = 'faq' }: Props) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="divide-y divide-border rounded-lg border border-border bg-card">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${idPrefix}-question-${index}`;
        const panelId = `${idPrefix}-answer-${index}`;
        return (
          <div key={item.question} data-faq-item>
            <Heading className="text-base font-semibold sm:text-lg">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                onKeyDown={(event) => moveFocus(event, index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-card-foreground transition-colors hover:bg-muted"
              >
                <span>{item.question}</span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className={`shrink-0 text-muted-foreground motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
                >
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </button>
            </Heading>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-muted-foreground"
            >
              <p>
                <AnswerText text={item.answer} />
              </p>
            </section>
          </div>
        );
      })}
    </div>
  );
}

export function FaqAccordionFallback() {
  return <IslandMessage>The answers could not be shown. Please reload the page.</IslandMessage>;
}

export default function FaqAccordion(props: Props) {
  return (
    <ErrorBoundary fallback={<FaqAccordionFallback />}>
      <Accordion {...props} />
    </ErrorBoundary>
  );
}
