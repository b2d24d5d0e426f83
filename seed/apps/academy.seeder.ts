// Academy demo catalogue: 25 courses (5 per tag), each with content sections and lectures.
// Deterministic (fixed faker seed); the titles and texts are our own.
import { faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import {
  AcademyCourse,
  AcademyCourseSection,
  AcademyCourseTopic,
} from '../../src/server/domains/apps/academy/academy.entity.ts';
import type { TCourseTag } from '../../src/shared/schemas/academy.ts';
import { avatarImage, coverImage } from '../support/demo-images.ts';

interface CourseIdea {
  title: string;
  keywords: string[];
  logo: string;
}

const CATALOGUE: Record<TCourseTag, CourseIdea[]> = {
  Web: [
    {
      title: 'Modern CSS Layouts from Scratch',
      keywords: ['grid', 'flexbox', 'container queries', 'logical properties'],
      logo: 'code',
    },
    {
      title: 'Accessible Forms That Convert',
      keywords: ['labels', 'error messages', 'keyboard flow', 'validation'],
      logo: 'accessibility',
    },
    {
      title: 'TypeScript for Front-end Teams',
      keywords: ['types', 'generics', 'narrowing', 'strict mode'],
      logo: 'file-code',
    },
    { title: 'Shipping Fast Web Pages', keywords: ['caching', 'images', 'bundles', 'core web vitals'], logo: 'rocket' },
    {
      title: 'Testing Web Apps with Confidence',
      keywords: ['unit tests', 'browser tests', 'fixtures', 'mocks'],
      logo: 'beaker',
    },
  ],
  Design: [
    {
      title: 'Design Systems in Practice',
      keywords: ['tokens', 'components', 'documentation', 'governance'],
      logo: 'stack',
    },
    {
      title: 'Colour Theory for Interfaces',
      keywords: ['contrast', 'palettes', 'dark themes', 'semantics'],
      logo: 'paintbrush',
    },
    {
      title: 'Typography That Reads Well',
      keywords: ['type scale', 'line length', 'font pairing', 'hierarchy'],
      logo: 'typography',
    },
    { title: 'Icon Design Fundamentals', keywords: ['grids', 'strokes', 'metaphors', 'export'], logo: 'apps' },
    {
      title: 'Prototyping Mobile Flows',
      keywords: ['wireframes', 'transitions', 'gestures', 'handoff'],
      logo: 'device-mobile',
    },
  ],
  Psychology: [
    { title: 'Habits and Behaviour Change', keywords: ['cues', 'routines', 'rewards', 'streaks'], logo: 'sync' },
    {
      title: 'Cognitive Biases at Work',
      keywords: ['anchoring', 'framing', 'confirmation bias', 'defaults'],
      logo: 'light-bulb',
    },
    {
      title: 'Motivation and Team Morale',
      keywords: ['autonomy', 'feedback', 'recognition', 'purpose'],
      logo: 'people',
    },
    {
      title: 'Negotiation Psychology Basics',
      keywords: ['interests', 'concessions', 'trust', 'silence'],
      logo: 'comment-discussion',
    },
    {
      title: 'Mindful Focus for Busy People',
      keywords: ['attention', 'breaks', 'distractions', 'planning'],
      logo: 'hourglass',
    },
  ],
  'UI/UX': [
    {
      title: 'User Research on a Budget',
      keywords: ['interviews', 'surveys', 'recruiting', 'synthesis'],
      logo: 'search',
    },
    {
      title: 'Usability Testing Step by Step',
      keywords: ['tasks', 'moderation', 'metrics', 'reporting'],
      logo: 'checklist',
    },
    {
      title: 'Information Architecture Essentials',
      keywords: ['navigation', 'card sorting', 'labels', 'sitemaps'],
      logo: 'workflow',
    },
    { title: 'Microinteractions Workshop', keywords: ['triggers', 'feedback', 'loops', 'motion'], logo: 'zap' },
    { title: 'Writing UX Copy', keywords: ['buttons', 'empty states', 'errors', 'tone of voice'], logo: 'pencil' },
  ],
  Art: [
    { title: 'Watercolour Landscapes', keywords: ['washes', 'skies', 'layering', 'negative painting'], logo: 'image' },
    {
      title: 'Figure Drawing Basics',
      keywords: ['gesture', 'proportion', 'anatomy', 'foreshortening'],
      logo: 'person',
    },
    {
      title: 'Digital Painting Techniques',
      keywords: ['brushes', 'lighting', 'textures', 'layers'],
      logo: 'paintbrush',
    },
    {
      title: 'Perspective for Illustrators',
      keywords: ['horizon lines', 'vanishing points', 'cityscapes', 'ellipses'],
      logo: 'telescope',
    },
    {
      title: 'Lettering and Calligraphy',
      keywords: ['strokes', 'spacing', 'flourishes', 'composition'],
      logo: 'quote',
    },
  ],
};

const COLOURS = ['primary', 'success', 'warning', 'info', 'error', 'secondary'];
const POSITIONS = [
  'Senior Instructor',
  'Lead Designer',
  'Principal Engineer',
  'Coach and Author',
  'Studio Artist',
  'Research Lead',
];
const LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All levels'];
const LANGUAGES = ['English', 'English', 'English', 'French', 'German'];
const SECTION_NAMES = ['Welcome and setup', 'Core ideas', 'Hands-on practice', 'Going further', 'Final project'];
const LECTURE_PATTERNS = [
  (k: string) => `Understanding ${k}`,
  (k: string) => `Practising ${k}`,
  (k: string) => `Common mistakes with ${k}`,
  (k: string) => `A worked example: ${k}`,
  (k: string) => `Quiz: ${k}`,
  (k: string) => `Putting ${k} together`,
];

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

export class AcademySeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    faker.seed(3101);
    let index = 0;
    for (const [tag, ideas] of Object.entries(CATALOGUE) as [TCourseTag, CourseIdea[]][]) {
      for (const idea of ideas) {
        const tutor = faker.person.fullName();
        // Every fifth course is finished, a few are not started, the rest are part-way.
        const progressKind = index % 5 === 0 ? 'done' : index % 7 === 3 ? 'new' : 'started';
        const sectionCount = faker.number.int({ min: 3, max: 5 });
        const lectures: { section: number; title: string; seconds: number }[] = [];
        for (let s = 0; s < sectionCount; s++) {
          const count = faker.number.int({ min: 3, max: 5 });
          for (let l = 0; l < count; l++) {
            const keyword = faker.helpers.arrayElement(idea.keywords);
            lectures.push({
              section: s,
              title: faker.helpers.arrayElement(LECTURE_PATTERNS)(keyword),
              seconds: faker.number.int({ min: 90, max: 900 }),
            });
          }
        }
        const completed =
          progressKind === 'done'
            ? lectures.length
            : progressKind === 'new'
              ? 0
              : faker.number.int({ min: 1, max: lectures.length - 1 });
        const totalMinutes = Math.round(lectures.reduce((sum, l) => sum + l.seconds, 0) / 60);
        const course = em.create(AcademyCourse, {
          courseTitle: idea.title,
          tutorName: tutor,
          tutorImg: avatarImage(tutor),
          image: coverImage(idea.title),
          completedTasks: completed,
          totalTasks: lectures.length,
          userCount: faker.number.int({ min: 40, max: 4000 }),
          note: faker.number.int({ min: 0, max: 60 }),
          view: faker.number.int({ min: 100, max: 9000 }),
          time: `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`,
          logo: idea.logo,
          color: COLOURS[index % COLOURS.length],
          summary: `A practical ${tag.toLowerCase()} course on ${idea.keywords.slice(0, 2).join(' and ')}, with exercises after every lecture.`,
          tag,
          rating: faker.number.float({ min: 3.4, max: 5, fractionDigits: 1 }),
          ratingCount: faker.number.int({ min: 8, max: 900 }),
          about: `${idea.title} takes you from the basics of ${idea.keywords[0]} to confident use of ${idea.keywords[idea.keywords.length - 1]}.`,
          instructorPosition: faker.helpers.arrayElement(POSITIONS),
          skillLevel: faker.helpers.arrayElement(LEVELS),
          language: faker.helpers.arrayElement(LANGUAGES),
          isCaptions: faker.datatype.boolean({ probability: 0.7 }),
          description: [
            `Each section pairs a short explanation with an exercise, so you practise ${idea.keywords[1]} as soon as you meet it.`,
            `You finish with a small project that uses ${idea.keywords.join(', ')}. No prior experience is assumed beyond curiosity.`,
          ],
        });
        for (let s = 0; s < sectionCount; s++) {
          const section = em.create(AcademyCourseSection, {
            course,
            slug: slugify(SECTION_NAMES[s]),
            title: SECTION_NAMES[s],
            position: s + 1,
          });
          lectures
            .map((lecture, i) => ({ ...lecture, isCompleted: i < completed }))
            .filter((lecture) => lecture.section === s)
            .forEach((lecture, position) =>
              em.create(AcademyCourseTopic, {
                section,
                title: lecture.title,
                seconds: lecture.seconds,
                isCompleted: lecture.isCompleted,
                position: position + 1,
              }),
            );
        }
        index++;
      }
    }
    await em.flush();
  }
}
