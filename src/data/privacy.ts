import type { LegalDocument } from '@/data/legal';
import { CONTACT_RATE_LIMIT_ID } from '@/lib/contact/payload';
import { NEWSLETTER_RATE_LIMIT_ID } from '@/lib/contact/newsletter';
import { CONTACT, LIMITS, SITE } from '@/config/site';

const rateLimitSeconds = LIMITS.contactRateLimitMs / 1000;

/** The Information Regulator (South Africa), to whom visitors may complain under POPIA. */
const INFORMATION_REGULATOR = {
  name: 'Information Regulator (South Africa)',
  address: 'JD House, 27 Stiemens Street, Braamfontein, Johannesburg, 2001',
  email: 'enquiries@inforegulator.org.za',
  website: 'https://inforegulator.org.za',
} as const;

/** The privacy policy of this website, under the Protection of Personal Information Act (POPIA). */
export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  description: `How the ${SITE.name} website collects, uses and protects personal information under the Protection of Personal Information Act (POPIA).`,
  lastUpdated: '2026-11-26',
  intro: [
    `This policy explains what personal information this website collects, why, how long we keep it and the rights you have under the Protection of Personal Information Act 4 of 2013 (POPIA). In short: the site collects only what you type into the contact form or the newsletter sign-up, it keeps up to three small notes on your own device (your light or dark theme, and when you last sent each form), and it uses no cookies and no analytics.`,
  ],
  sections: [
    {
      id: 'who-we-are',
      title: 'Who We Are',
      blocks: [
        `${SITE.company} is the responsible party for personal information collected through this website. We are based in ${CONTACT.location.full}, and you can reach us at ${CONTACT.supportEmail}.`,
        `This policy covers this marketing website only. Your use of the ${SITE.name} chat application is covered by our Terms & Conditions and the privacy notice shown when you create an account.`,
      ],
    },
    {
      id: 'what-we-collect',
      title: 'What This Website Collects',
      blocks: [
        'Contact form. When you send the contact form, we receive the details you enter:',
        {
          items: [
            'your first name and last name;',
            'your email address;',
            'your profession;',
            'the subject and text of your message;',
            'the date and time you sent it.',
          ],
        },
        'The website itself does not store these details. Your browser sends them through EmailJS, an email-delivery service, which delivers them as an email to our support inbox.',
        `Theme preference. If you switch between the light and dark theme, your choice ("light", "dark" or "system") is saved in your browser's local storage under the name "${SITE.themeStorageKey}". It stays on your device and is never sent to us. You can remove it at any time by clearing this site's data in your browser.`,
        `Contact form timing. When you send the contact form, your browser saves the time of sending (a number such as "1751371200000") in its local storage under the name "${CONTACT_RATE_LIMIT_ID}", so that the form sends at most one message every ${rateLimitSeconds} seconds. It stays on your device and is never sent to us. You can remove it the same way.`,
        'No cookies and no analytics. This website sets no cookies and uses no analytics, advertising or tracking tools. If we ever add analytics, we will update this policy first and ask for your consent where the law requires it.',
        'Server logs. Like every website, the pages are delivered by a hosting provider whose servers briefly record technical request data (such as IP address, browser type and the page requested) to keep the service secure and reliable. We do not use these logs to identify or profile visitors.',
        'Newsletter. When you ask to subscribe on the blog, we receive your email address, the consent you gave (the sentence beside the tick box), the date and time, and the page you asked from. Your browser sends them through EmailJS to our support inbox; EmailJS sends nothing to your address. EmailJS accepts sign-ups only from this website, at a limited rate, and with a CAPTCHA check if we turn one on. Because anyone can type any address into the form, your address goes on our newsletter list only after you confirm it: before the first issue, our mailing service emails you once with a link to confirm. If you do not confirm, you receive no newsletter and we delete the request.',
        `Newsletter timing. When you subscribe, your browser saves the time (a number such as "1751371200000") in its local storage under the name "${NEWSLETTER_RATE_LIMIT_ID}", so that the form sends at most one sign-up every ${rateLimitSeconds} seconds. It stays on your device and is never sent to us. You can remove it the same way.`,
      ],
    },
    {
      id: 'why-we-use-it',
      title: 'Why We Use It',
      blocks: [
        'We use your contact form details only to read and answer your message, for example to arrange a demo, answer a question about pricing or help with support. The lawful basis is your consent when you send the form and our legitimate interest in responding to you (POPIA section 11).',
        'We use your newsletter address only to send you the newsletter. The lawful basis is the consent you give when you tick the box and then confirm your address (POPIA sections 11 and 69). Every newsletter tells you how to unsubscribe, and you can also email us to stop it at any time; we then remove your address from the list.',
        'We do not use your details for any other marketing, we do not sell them and we do not make automated decisions about you.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who We Share It With',
      blocks: [
        'We share contact form and newsletter details only with the operators that deliver and store our email:',
        {
          items: [
            'EmailJS, which passes your message from the website to our inbox;',
            'our email hosting provider, which stores our support inbox.',
          ],
        },
        'These operators process the information only on our instructions and under confidentiality and security obligations (POPIA sections 20 and 21). We disclose personal information to anyone else only where the law requires it.',
      ],
    },
    {
      id: 'cross-border',
      title: 'Transfers Outside South Africa',
      blocks: [
        'EmailJS and our email provider may process information on servers outside South Africa. We use only providers bound by data protection laws or agreements that give protection substantially similar to POPIA, as section 72 requires.',
      ],
    },
    {
      id: 'retention',
      title: 'How Long We Keep It',
      blocks: [
        {
          items: [
            'Contact messages: kept in our support inbox for up to 24 months after our last exchange with you, then deleted, unless the message becomes part of a customer relationship or we must keep it by law.',
            'Newsletter sign-ups: your address and consent are kept while you are subscribed; a request you do not confirm is deleted; when you unsubscribe we delete the address, keeping only a record that you asked not to be contacted.',
            'Theme preference and form timing: kept on your device until you clear your browser storage; we never hold a copy.',
            `Accounts in the ${SITE.name} chat application: personal data is kept for up to 36 months after the account is closed, as set out in our Terms & Conditions.`,
          ],
        },
      ],
    },
    {
      id: 'security',
      title: 'How We Protect It',
      blocks: [
        'The website is served only over HTTPS, both forms are sent over an encrypted connection, and access to our support inbox is limited to the people who answer it and protected by multi-factor authentication. If a security compromise affects your personal information, we will tell you and the Information Regulator as POPIA section 22 requires.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      blocks: [
        'Under POPIA you have the right to:',
        {
          items: [
            'ask whether we hold personal information about you and request a copy of it (section 23);',
            'ask us to correct or delete information that is inaccurate, out of date, excessive or unlawfully obtained (section 24);',
            'object to our processing of your information and withdraw your consent at any time (section 11);',
            'not receive direct marketing you have not agreed to (section 69);',
            'complain to the Information Regulator.',
          ],
        },
        `To use these rights, email ${CONTACT.supportEmail} with "POPIA request" in the subject. We may ask you to confirm your identity, and we reply within 30 days. Requests are free of charge.`,
      ],
    },
    {
      id: 'information-officer',
      title: 'Information Officer',
      blocks: [
        `Our Information Officer, who is responsible for compliance with POPIA, is our Chief Executive Officer. Contact the Information Officer at ${CONTACT.supportEmail} (subject "Information Officer") or by post at ${SITE.company}, ${CONTACT.location.full}.`,
      ],
    },
    {
      id: 'information-regulator',
      title: 'Information Regulator',
      blocks: [
        'If you are not satisfied with how we handle your personal information, you may lodge a complaint with the Information Regulator:',
        {
          items: [
            INFORMATION_REGULATOR.name,
            INFORMATION_REGULATOR.address,
            INFORMATION_REGULATOR.email,
            INFORMATION_REGULATOR.website,
          ],
        },
        'We would appreciate the chance to resolve your concern first, so please contact us before you complain.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: [
        'This website is aimed at professionals and is not directed at anyone under 18. We do not knowingly collect personal information about children.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      blocks: [
        'We will update this policy when the way the website handles personal information changes, and change the "last updated" date above. Material changes will be announced on this page before they take effect.',
      ],
    },
  ],
};
