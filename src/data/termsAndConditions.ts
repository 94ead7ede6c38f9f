import type { LegalDocument } from '@/data/legal';
import { CONTACT, SITE } from '@/config/site';
import { LINKS } from '@/config/env';

/** The Terms & Conditions (/policies): 19 numbered sections, in order. */
export const TERMS_AND_CONDITIONS: LegalDocument = {
  title: 'Terms & Conditions',
  description: `The terms and conditions that govern your use of ${SITE.name}, the AI assistant for finance, tax, accounting and legal work.`,
  lastUpdated: '2025-07-01',
  intro: [
    `Please read these Terms & Conditions carefully. They form a binding agreement between you and ${SITE.company} ("${SITE.name}", "we", "us") about your use of the ${SITE.name} chat application at ${LINKS.chatApp} and this website (together, the "Service").`,
  ],
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      blocks: [
        `${SITE.name} is an AI assistant for finance, tax, accounting, statutory, audit and legal professionals. It helps you research questions, analyse documents, draft correspondence and organise tasks.`,
        'By creating an account, clicking to accept these terms or using the Service, you agree to these Terms & Conditions and to our Privacy Policy. If you use the Service on behalf of a firm or company, you confirm that you may bind it, and "you" includes that organisation.',
      ],
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      blocks: [
        'You must be at least 18 years old and able to enter into a binding contract to use the Service.',
        'The Service is intended for professional and business use. You may not use it if we have previously suspended or terminated your access, or if the law of your country prohibits it.',
      ],
    },
    {
      id: 'account',
      title: 'Your Account',
      blocks: [
        'Sign-up takes about 30 seconds. You must give accurate, current information and keep it up to date.',
        'You are responsible for keeping your login details confidential and for all activity under your account. Tell us at once if you suspect unauthorised access. Accounts are personal: do not share them, and use Enterprise seats for colleagues.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable Use',
      blocks: [
        'You agree not to:',
        {
          items: [
            'use the Service for anything unlawful, fraudulent or misleading, including tax evasion or misrepresentation to a revenue authority;',
            'upload personal information you have no lawful basis to process, or content that infringes anyone else’s rights;',
            'attempt to probe, scan or break the security of the Service, or interfere with its operation;',
            'reverse engineer the Service, scrape it or use it to build a competing product;',
            'resell or sublicense access without our written consent.',
          ],
        },
      ],
    },
    {
      id: 'fees',
      title: 'Fees and Payment',
      blocks: [
        'Paid plans are billed in advance for each billing period. Unless an invoice or a local price list states otherwise, fees are quoted and payable in U.S. dollars; where we publish a rand price for South African customers (for example R200 per month excluding VAT for the Professional plan), that published price applies.',
        'Fees exclude VAT and other taxes, which are added where the law requires. Free trials convert to a paid plan only if you choose one. Changes to an Enterprise plan take effect from the next billing cycle. Except where the law requires otherwise, fees already paid are not refundable.',
      ],
    },
    {
      id: 'data-protection',
      title: 'Data Protection',
      blocks: [
        'We process personal information in accordance with the Protection of Personal Information Act 4 of 2013 (POPIA) and our Privacy Policy. Where you upload personal information about your clients, you are the responsible party and we act as your operator, processing it only to provide the Service.',
        'We keep your personal data for up to 36 months after your account is closed, to meet legal, tax and audit obligations and to resolve disputes, after which it is deleted or anonymised. You may ask us to delete specific content sooner, subject to those obligations.',
      ],
    },
    {
      id: 'content-and-ip',
      title: 'Content and Intellectual Property',
      blocks: [
        'You keep ownership of the documents, prompts and other content you submit ("Your Content"). You grant us a limited licence to host and process Your Content only to provide and secure the Service. We do not use Your Content to train public AI models.',
        `The Service, its software, design and brand, including the ${SITE.name} name and logo, belong to ${SITE.company} or its licensors. These terms give you no rights in them other than the right to use the Service as set out here.`,
      ],
    },
    {
      id: 'ai-output',
      title: 'AI Output',
      blocks: [
        'Answers, drafts, summaries and task lists generated by the Service ("Output") are produced by artificial intelligence. Output may be incomplete, out of date or wrong, even when it cites a source.',
        'Output is not legal, tax, accounting or financial advice. You remain responsible for checking Output against the cited sources and for any advice you give, return you file or decision you take. Subject to these terms, you may use the Output you receive for any lawful purpose.',
      ],
    },
    {
      id: 'third-parties',
      title: 'Third-Party Services',
      blocks: [
        'The Service relies on third-party providers, for example for hosting, AI models, payments and email delivery, and may link to third-party websites such as the SARS website. We choose these providers with care but are not responsible for their content or services, which are governed by their own terms.',
      ],
    },
    {
      id: 'security',
      title: 'Security',
      blocks: [
        'We protect the Service with reasonable technical and organisational measures, including encryption in transit and at rest, access controls and logging. No system is completely secure; if a security compromise affects your personal information, we will notify you and the Information Regulator as POPIA requires.',
      ],
    },
    {
      id: 'suspension',
      title: 'Suspension and Termination',
      blocks: [
        'You may close your account at any time from your account settings or by contacting us. We may suspend or terminate your access if you breach these terms, fail to pay fees when due, or if we must do so to comply with the law or protect the Service or other users. Where reasonable, we will give notice first.',
        'Sections that by their nature should survive termination, including Data Protection, Disclaimers, Limitation of Liability and Dispute Resolution and Arbitration, continue to apply.',
      ],
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      blocks: [
        'To the extent the law allows, the Service is provided "as is" and "as available", without warranties of any kind, whether express or implied, including fitness for a particular purpose and uninterrupted or error-free operation. Nothing in these terms excludes rights that cannot be excluded under the Consumer Protection Act 68 of 2008 or other applicable law.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      blocks: [
        'To the extent the law allows, we are not liable for indirect, incidental, special or consequential loss, or for loss of profits, revenue, data or goodwill.',
        'Our total liability for all claims relating to the Service is limited to the greater of USD 100 or the fees you paid us in the 12 months before the event giving rise to the claim.',
      ],
    },
    {
      id: 'arbitration',
      title: 'Dispute Resolution and Arbitration',
      blocks: [
        `Before starting any formal proceedings, you and we agree to try to resolve a dispute informally for 30 days, beginning when one party sends the other written notice of the dispute. Send your notice to ${CONTACT.supportEmail}.`,
        'If the dispute is not resolved within those 30 days, it will be settled by binding arbitration administered by the American Arbitration Association under its Commercial Arbitration Rules. The arbitration will take place in Wilmington, Delaware, and will be conducted in English.',
        `You may opt out of this arbitration agreement by emailing ${CONTACT.supportEmail} within 30 days of first accepting these terms. Claims may be brought only individually, not as part of a class or representative action.`,
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      blocks: [
        'These terms are governed by the laws of the United States and of the State of Delaware, without regard to conflict-of-law rules. Where you are a consumer, this does not take away the protection of mandatory laws of the country where you live.',
      ],
    },
    {
      id: 'export-control',
      title: 'Export Control',
      blocks: [
        'You may not use, export or re-export the Service in breach of South African, United States or other applicable export control and sanctions laws, including by giving access to anyone in a sanctioned country or on a restricted-party list.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      blocks: [
        'We may update these terms from time to time. When we make a material change, we will tell you by email or in the Service at least 30 days before it takes effect. If you keep using the Service after the change takes effect, you accept the updated terms; if you do not agree, you may close your account.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [
        `Questions about these terms? Email ${CONTACT.supportEmail}. ${SITE.company} is based in ${CONTACT.location.full}.`,
      ],
    },
    {
      id: 'entire-agreement',
      title: 'Entire Agreement',
      blocks: [
        'These terms, together with the Privacy Policy and any order form you sign with us, are the entire agreement between you and us about the Service and replace any earlier agreement on the same subject. If any provision is found unenforceable, the rest remain in force. Our failure to enforce a right is not a waiver of it.',
      ],
    },
  ],
};
