// Sample chat: ten contacts, the profile user everyone chats as (role superadmin), and template chats
// (without an owner) that each user's chats are copied from on first use. Deterministic.
import { faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Chat, ChatMessage, ChatPerson } from '../../src/server/domains/apps/chat/chat.entity.ts';
import { CHAT_STATUSES } from '../../src/shared/schemas/chat.ts';
import { avatarImage } from '../support/demo-images.ts';

const ROLES = [
  'Store Manager',
  'Quality Inspector',
  'Field Technician',
  'Account Executive',
  'Logistics Planner',
  'Data Analyst',
  'Team Leader',
  'Buyer',
  'Support Agent',
  'Floor Supervisor',
];
const ABOUT = [
  'Usually on the shop floor in the mornings; reply after lunch.',
  'Happy to help with audits and checklists.',
  'Ask me about deliveries, routes and stock transfers.',
  'Numbers, dashboards and the occasional pie chart.',
  'Back-to-back visits on Tuesdays.',
];
/** Short alternating exchanges; [fromContact, text]. */
const LINES: [boolean, string][] = [
  [true, 'Morning! Did the new checklist reach your team?'],
  [false, 'Yes, it went out yesterday evening.'],
  [true, 'Great. Two stores asked about the fire-exit question.'],
  [false, 'I will add a photo example to that one.'],
  [true, 'Perfect, thanks.'],
  [false, 'Can you send me last week’s scores for the Lyon stores?'],
  [true, 'Sure, exporting them now.'],
  [true, 'Sent. The average went up by four points.'],
  [false, 'Nice work by the team there.'],
  [true, 'Are we still on for the visit on Thursday?'],
  [false, 'Yes, 10 o’clock at the main entrance.'],
  [true, 'The delivery van is running about 30 minutes late.'],
  [false, 'Noted, I will let the store know.'],
  [true, 'Could you review the two pending reports when you have a moment?'],
];

export class ChatSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    faker.seed(3303);
    const contacts = ROLES.map((role, i) => {
      const fullName = faker.person.fullName();
      return em.create(ChatPerson, {
        fullName,
        role,
        about: ABOUT[i % ABOUT.length],
        avatar: i % 4 === 3 ? '' : avatarImage(fullName),
        status: CHAT_STATUSES[i % CHAT_STATUSES.length],
        isProfile: false,
      });
    });
    await em.flush();
    const profileName = faker.person.fullName();
    const profile = em.create(ChatPerson, {
      fullName: profileName,
      role: 'superadmin',
      about: 'Keeps the stores, the inspectors and the numbers talking to each other.',
      avatar: avatarImage(profileName),
      status: 'online',
      isProfile: true,
      twoStepAuth: true,
      notificationsOn: false,
    });
    await em.flush();

    const now = Date.now();
    // Chats with six of the ten contacts; the others can be started from the contact list.
    for (const [n, contact] of contacts.slice(0, 6).entries()) {
      const count = faker.number.int({ min: 3, max: 7 });
      // The last message is n days and a few hours old, so every message lies in the past however long after
      // seeding the data is read.
      const endAt = now - (n * 26 + faker.number.int({ min: 1, max: 20 })) * 3_600_000;
      const offset = faker.number.int({ min: 0, max: LINES.length - count });
      const gaps = Array.from({ length: count }, () => faker.number.int({ min: 1, max: 40 }) * 60_000);
      const lines = LINES.slice(offset, offset + count);
      // The contact's trailing messages are the unread ones (none for some chats).
      const unseen =
        n % 3 === 2
          ? 0
          : lines
              .slice()
              .reverse()
              .findIndex(([fromContact]) => !fromContact);
      const unseenMsgs = unseen === -1 ? lines.length : unseen;
      let time = endAt - gaps.reduce((sum, gap) => sum + gap, 0);
      const chat = em.create(Chat, {
        owner: null,
        contact,
        unseenMsgs: n % 3 === 2 ? 0 : unseenMsgs,
        lastMessageAt: null,
      });
      for (const [i, [fromContact, text]] of lines.entries()) {
        time += gaps[i];
        const isLast = i === lines.length - 1;
        em.create(ChatMessage, {
          chat,
          message: text,
          time: new Date(time),
          sender: fromContact ? contact : profile,
          isSent: true,
          isDelivered: fromContact || !isLast || n % 2 === 0,
          isSeen: fromContact || !isLast,
        });
      }
      chat.lastMessageAt = new Date(time);
    }
    await em.flush();
  }
}
