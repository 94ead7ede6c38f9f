import type { LegalDocument } from '@/data/legal';
import { CONTACT, SISTER_PRODUCT, SITE } from '@/config/site';
import { LINKS } from '@/config/env';

/** The other websites this one links to, as this build has them. */
const LINKED_SITES = [
  `the ${SITE.name} chat application`,
  ...(LINKS.demoVideo ? ['our demo video'] : []),
  ...(LINKS.social ? ['our social profile'] : []),
  `the ${SISTER_PRODUCT.name} website`,
];
const linkedSites = `${LINKED_SITES.slice(0, -1).join(', ')} and ${LINKED_SITES.at(-1)}`;

/** Terms of use of this website (the chat application is covered by the Terms & Conditions at /policies). */
export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  description: `The terms that apply when you browse the ${SITE.name} website, read its blog or contact us through it.`,
  lastUpdated: '2025-07-01',
  intro: [
    `These Terms of Service apply to your use of this website. Your use of the ${SITE.name} chat application is governed by our Terms & Conditions, and the way we handle personal information by our Privacy Policy. By using this website you accept these terms.`,
  ],
  sections: [
    {
      id: 'who-we-are',
      title: 'Who We Are',
      blocks: [
        'As required by section 43 of the Electronic Communications and Transactions Act 25 of 2002 (ECTA), we disclose the following:',
        {
          items: [
            `Name and legal status: ${SITE.company}, a private company incorporated in South Africa.`,
            `Location: ${CONTACT.location.full}.`,
            `Email: ${CONTACT.supportEmail}.`,
            'Main business: software that helps finance, tax, accounting and legal professionals with research, writing and task management.',
          ],
        },
      ],
    },
    {
      id: 'using-the-site',
      title: 'Using This Website',
      blocks: [
        'You may browse this website and read, share and print its pages for your own information. You agree not to:',
        {
          items: [
            'use the website in a way that breaks the law or infringes anyone’s rights;',
            'try to gain unauthorised access to the website, its servers or the systems behind it;',
            'send malicious code, spam or automated requests that burden the website, other than normal indexing by search engines;',
            'use the contact form to send unsolicited marketing or anything abusive.',
          ],
        },
      ],
    },
    {
      id: 'general-information',
      title: 'General Information, Not Advice',
      blocks: [
        'Blog posts, examples and other content on this website are general information about AI, finance, tax and accounting. They are not professional advice for your circumstances. Tax law and SARS practice change often: check the current position, or ask a registered practitioner, before you act.',
        'The example prompts and answers shown on the website illustrate what the product can do; they are not statements of the law.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      blocks: [
        `The content, design, text, graphics and code of this website, and the ${SITE.name} and ${SISTER_PRODUCT.name} names and logos, belong to ${SITE.company} or its licensors. You may link to any page and quote short extracts with a clear acknowledgement and a link back. Any other copying or reuse needs our written permission.`,
        'Logos of other organisations shown on this website belong to their owners.',
      ],
    },
    {
      id: 'links',
      title: 'Links to Other Websites',
      blocks: [
        `This website links to other websites, including ${linkedSites}. Links to external websites open in a new tab. We are not responsible for the content or privacy practices of websites we do not control.`,
      ],
    },
    {
      id: 'communications',
      title: 'Contacting Us',
      blocks: [
        'When you send the contact form, you agree that we may reply by email. Messages are treated as received when they reach our inbox, as ECTA provides. We aim to answer within one business day. How we handle the details you send is described in our Privacy Policy.',
      ],
    },
    {
      id: 'availability',
      title: 'Availability and Changes to the Website',
      blocks: [
        'We work to keep the website available and accurate, but we do not guarantee that it will always be available, uninterrupted or free of errors. We may change, suspend or remove any part of it at any time.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      blocks: [
        'To the extent the law allows, we are not liable for any loss arising from your use of, or reliance on, this website or the websites it links to. Nothing in these terms limits rights you have under the Consumer Protection Act 68 of 2008 or ECTA that cannot lawfully be limited.',
      ],
    },
    {
      id: 'disputes',
      title: 'Governing Law and Disputes',
      blocks: [
        'Disputes about this website are handled as set out in the Dispute Resolution and Arbitration and the Governing Law sections of our Terms & Conditions, subject to any mandatory consumer protection law that applies to you.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      blocks: [
        'We may update these terms from time to time. The "last updated" date above shows when they last changed; the version on this page when you use the website applies.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [`Questions about these terms? Email ${CONTACT.supportEmail}.`],
    },
  ],
};
