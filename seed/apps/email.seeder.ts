// Sample mailbox (template rows without an owner; each user's mailbox is copied from it on first use and
// addressed to them): inbox, sent, drafts and spam, labels, stars, attachments, threads, and a few
// deleted e-mails still in the inbox folder. Deterministic; the texts are our own.
import { faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Email, type StoredReply } from '../../src/server/domains/apps/email/email.entity.ts';
import { EMAIL_LABELS, type TEmailAttachment, type TEmailFolder } from '../../src/shared/schemas/email.ts';
import { avatarImage, fileIcon, textFile } from '../support/demo-images.ts';

/** Stand-in for the mailbox owner; replaced by the real user when the mailbox is copied. */
const OWNER = { email: 'mailbox.owner@opsdesk.example', name: 'Mailbox Owner' };

const SUBJECTS: Record<TEmailFolder, string[]> = {
  inbox: [
    'Audit schedule for next week',
    'Updated checklist for cold storage',
    'Invoice 4 overdue — can you check?',
    'Welcome to the Lyon team',
    'Store 12 photos are in',
    'Question about the new scoring rules',
    'Lunch on Friday?',
    'Your monthly report is ready',
    'Change of delivery window',
    'Feedback on the training session',
    'Access to the Berlin dashboard',
    'Holiday rota',
    'Re: fire exit signage',
    'Stock count discrepancies',
    'Meeting notes from Tuesday',
    'New supplier contact',
  ],
  sent: [
    'Scores for the Lyon stores',
    'Visit confirmed for Thursday',
    'Re: holiday rota',
    'Draft agenda for the review',
    'Thanks for the quick fix',
  ],
  draft: ['Proposal: quarterly audit plan', 'Notes for the team meeting', 'Reply to the supplier', 'Budget questions'],
  spam: [
    'You have won a cruise!!!',
    'Cheap toner cartridges',
    'Final notice: your parcel is waiting',
    'Boost your followers now',
    'Exclusive investment tip',
  ],
};
const OPENINGS = ['Hi,', 'Hello,', 'Good morning,', 'Hi there,'];
const BODIES = [
  'Please find the details below. Let me know if anything is unclear or if a different date works better for you.',
  'I have attached the latest version. The changes are highlighted so you can review them quickly.',
  'We noticed a few differences between the expected and the counted numbers. Could your team take a second look?',
  'Thanks again for your help last week — the stores were very happy with how smoothly it went.',
  'A quick reminder that the deadline is at the end of this week. Reply to this e-mail if you need more time.',
];
const SPAM_BODIES = [
  'Act now! This offer expires in 24 hours. Click the link to claim your prize.',
  'Limited stock at unbeatable prices, no questions asked.',
];
const SIGN_OFFS = ['Best regards,', 'Thanks,', 'Kind regards,', 'Cheers,'];

function html(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${p}</p>`).join('');
}

function attachment(subject: string, kind: 'csv' | 'txt'): TEmailAttachment {
  const fileName = `${subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '')
    .slice(0, 30)}.${kind}`;
  const content =
    kind === 'csv'
      ? [
          'store,score,visited',
          ...Array.from({ length: 8 }, (_, i) => `Store ${i + 1},${faker.number.int({ min: 55, max: 99 })},yes`),
        ].join('\n')
      : `${subject}\n\n${faker.helpers.arrayElement(BODIES)}\n`;
  const file = textFile(content, kind === 'csv' ? 'text/csv' : 'text/plain');
  return { fileName, thumbnail: fileIcon(kind), url: file.url, size: file.size };
}

export class EmailSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    faker.seed(3404);
    const now = Date.now();
    let replyId = 1;
    for (const folder of Object.keys(SUBJECTS) as TEmailFolder[]) {
      SUBJECTS[folder].forEach((subject, i) => {
        const person = faker.person.fullName();
        const personEmail = faker.internet
          .email({ firstName: person.split(' ')[0], lastName: person.split(' ').at(-1), provider: 'example.com' })
          .toLowerCase();
        const incoming = folder === 'inbox' || folder === 'spam';
        const from = incoming
          ? { email: personEmail, name: person, avatar: i % 5 === 4 ? '' : avatarImage(person) }
          : { ...OWNER, avatar: '' };
        const to = incoming ? [OWNER] : [{ email: personEmail, name: person }];
        const body = folder === 'spam' ? faker.helpers.arrayElement(SPAM_BODIES) : faker.helpers.arrayElement(BODIES);
        const message = html([
          faker.helpers.arrayElement(OPENINGS),
          body,
          `${faker.helpers.arrayElement(SIGN_OFFS)}<br>${from.name}`,
        ]);
        const attachments = folder !== 'spam' && i % 4 === 1 ? [attachment(subject, i % 8 === 1 ? 'csv' : 'txt')] : [];
        const replies: StoredReply[] =
          folder === 'inbox' && i % 5 === 0
            ? Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, (_, r) => ({
                id: replyId++,
                from:
                  r % 2 === 0 ? { ...OWNER, avatar: '' } : { email: personEmail, name: person, avatar: from.avatar },
                to: r % 2 === 0 ? [{ email: personEmail, name: person }] : [OWNER],
                cc: [],
                bcc: [],
                subject: `Re: ${subject}`,
                message: html([faker.helpers.arrayElement(OPENINGS), faker.helpers.arrayElement(BODIES)]),
                attachments: [],
                minutesBefore: (r + 1) * faker.number.int({ min: 30, max: 600 }),
              }))
            : [];
        em.create(Email, {
          owner: null,
          fromEmail: from.email,
          fromName: from.name,
          fromAvatar: from.avatar,
          to,
          cc: i % 6 === 2 ? [faker.internet.email({ provider: 'example.com' }).toLowerCase()] : [],
          bcc: i % 9 === 3 ? [faker.internet.email({ provider: 'example.com' }).toLowerCase()] : [],
          subject,
          message,
          attachments,
          isStarred: folder !== 'spam' && i % 4 === 2,
          labels: folder === 'spam' ? [] : faker.helpers.arrayElements([...EMAIL_LABELS], { min: 0, max: 2 }),
          time: new Date(now - (i * 9 + faker.number.int({ min: 0, max: 8 })) * 3_600_000),
          replies,
          folder,
          isRead: folder === 'sent' || folder === 'draft' || i % 3 !== 0,
          // A few trashed e-mails are still in the inbox folder, as in the sample data of the spec.
          isDeleted: folder === 'inbox' && i % 6 === 5,
        });
      });
    }
    await em.flush();
  }
}
