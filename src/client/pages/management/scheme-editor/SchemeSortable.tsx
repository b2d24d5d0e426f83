// Drag-and-drop reordering of the scheme's sections, and of questions within and across sections, with
// @dnd-kit: pointer and keyboard (grab handle: Space picks up, arrows move, Space or Enter drops,
// Escape puts everything back), each step announced in the language of the page.
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { createContext, type ReactNode, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StructureProps } from './editor-props.ts';
import { questionNumbers, type SectionDraft } from './scheme-draft.ts';
import { moveQuestionTo } from './scheme-edits.ts';

/** Sortable ids: `s:<uid>` a section, `q:<uid>` a question, `c:<uid>` a section's question list. */
export const sectionId = (uid: string) => `s:${uid}`;
export const questionId = (uid: string) => `q:${uid}`;
export const containerId = (uid: string) => `c:${uid}`;

type DragKind = 'section' | 'question';
const kindOf = (id: UniqueIdentifier): DragKind | 'container' => {
  const prefix = String(id).slice(0, 2);
  return prefix === 's:' ? 'section' : prefix === 'q:' ? 'question' : 'container';
};
const uidOf = (id: UniqueIdentifier) => String(id).slice(2);

/** What is being dragged (rows of the other kind stop being drop targets meanwhile). */
const DraggingContext = createContext<DragKind | null>(null);
export const useDragging = () => useContext(DraggingContext);

/** The section holding question `uid`. */
function sectionOf(sections: readonly SectionDraft[], uid: string): SectionDraft | undefined {
  return sections.find((s) => s.questions.some((q) => q.uid === uid));
}

/** A section drops among sections; a question among questions and onto a section's (empty) list. */
const collisions: CollisionDetection = (args) => {
  const kind = kindOf(args.active.id);
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) =>
      kind === 'section' ? kindOf(c.id) === 'section' : kindOf(c.id) !== 'section',
    ),
  });
};

/** The arrow keys move a section among sections and a question among questions (and empty sections). */
const coordinates: KeyboardCoordinateGetter = (event, args) => {
  const { droppableContainers, active } = args.context;
  const kind = active ? kindOf(active.id) : null;
  const matches = (id: UniqueIdentifier) => (kind === 'section' ? kindOf(id) === 'section' : kindOf(id) !== 'section');
  const filtered = {
    getEnabled: () => droppableContainers.getEnabled().filter((c) => matches(c.id)),
    get: (id: UniqueIdentifier | null | undefined) => droppableContainers.get(id),
  } as unknown as typeof droppableContainers;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered } });
};

export function SchemeSortable({
  scheme,
  focusLater,
  children,
}: Pick<StructureProps, 'scheme' | 'focusLater'> & { children: ReactNode }) {
  const { t } = useTranslation('business');
  const { draft, edit } = scheme;
  const [dragging, setDragging] = useState<DragKind | null>(null);
  // The structure when the drag began: Escape puts it back (a question may have crossed sections).
  const before = useRef<SectionDraft[] | null>(null);
  // The question a dragged question was put before when it crossed into another section: dropped
  // there, it stays where the crossing put it.
  const crossedOver = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Space picks up (Enter on a button also clicks it), Space or Enter drops, Escape cancels. An arrow
    // that leads past the middle of the window scrolls it and the move follows from the scroll: at once,
    // not smoothly, so nothing else that scrolls (a focus, a second key) can cut the move short.
    useSensor(KeyboardSensor, {
      coordinateGetter: coordinates,
      scrollBehavior: 'instant',
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const sections = draft.sections;
  const numbers = questionNumbers(sections);
  const label = (id: UniqueIdentifier): string => {
    const uid = uidOf(id);
    if (kindOf(id) === 'section') {
      const index = sections.findIndex((s) => s.uid === uid);
      return t('schemes.dnd.section', { n: index + 1, title: sections[index]?.title || t('schemes.untitledSection') });
    }
    const question = sections.flatMap((s) => s.questions).find((q) => q.uid === uid);
    return t('schemes.dnd.question', {
      n: numbers.get(uid) ?? 0,
      text: question?.text || t('schemes.untitledQuestion'),
    });
  };
  /** Where the dragged item would land over `target` (itself: where it is), in words. */
  const place = (id: UniqueIdentifier, target: UniqueIdentifier = id): string => {
    if (kindOf(id) === 'section') {
      return t('schemes.dnd.sectionPlace', {
        n: sections.findIndex((s) => s.uid === uidOf(target)) + 1,
        total: sections.length,
      });
    }
    const section =
      kindOf(target) === 'container'
        ? sections.find((s) => s.uid === uidOf(target))
        : sectionOf(sections, uidOf(target));
    const index = section ? sections.indexOf(section) : -1;
    const before = sections.slice(0, Math.max(index, 0)).reduce((sum, s) => sum + s.questions.length, 0);
    return t('schemes.dnd.questionPlace', {
      n:
        kindOf(target) === 'container'
          ? before + (section?.questions.length ?? 0) + 1
          : (numbers.get(uidOf(target)) ?? 0),
      section: index + 1,
      title: section?.title || t('schemes.untitledSection'),
    });
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('schemes.dnd.pickedUp', { item: label(active.id) }),
    // Over itself (where the drag starts) is not news.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? t('schemes.dnd.moved', { item: label(active.id), place: place(active.id, over.id) })
          : t('schemes.dnd.outside', { item: label(active.id) }),
    onDragEnd: ({ active, over }) =>
      t('schemes.dnd.dropped', { item: label(active.id), place: place(active.id, over?.id) }),
    onDragCancel: ({ active }) => t('schemes.dnd.cancelled', { item: label(active.id) }),
  };

  function onDragStart({ active }: DragStartEvent) {
    before.current = sections;
    crossedOver.current = null;
    setDragging(kindOf(active.id) === 'section' ? 'section' : 'question');
  }

  /** A question dragged over another section's question (or its list) moves into that section at once. */
  function onDragOver({ active, over }: DragOverEvent) {
    if (!over || kindOf(active.id) !== 'question') return;
    const uid = uidOf(active.id);
    const from = sectionOf(sections, uid);
    const overKind = kindOf(over.id);
    const to =
      overKind === 'container'
        ? sections.find((s) => s.uid === uidOf(over.id))
        : overKind === 'question'
          ? sectionOf(sections, uidOf(over.id))
          : undefined;
    if (!from || !to || from === to) return;
    const index =
      overKind === 'question' ? to.questions.findIndex((q) => q.uid === uidOf(over.id)) : to.questions.length;
    crossedOver.current = over.id;
    edit({ type: 'reorder', sections: moveQuestionTo(sections, uid, to.uid, index) });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragging(null);
    before.current = null;
    const uid = uidOf(active.id);
    focusLater(`drag-${uid}`);
    if (!over || over.id === active.id) return;
    if (kindOf(active.id) === 'section') {
      const from = sections.findIndex((s) => s.uid === uid);
      const to = sections.findIndex((s) => s.uid === uidOf(over.id));
      if (from !== -1 && to !== -1) edit({ type: 'reorder', sections: arrayMove([...sections], from, to) });
      return;
    }
    const section = sectionOf(sections, uid);
    const crossed = crossedOver.current;
    crossedOver.current = null;
    if (!section || kindOf(over.id) !== 'question' || over.id === crossed) return;
    const from = section.questions.findIndex((q) => q.uid === uid);
    const to = section.questions.findIndex((q) => q.uid === uidOf(over.id));
    if (to === -1) return;
    edit({
      type: 'reorder',
      sections: sections.map((s) => (s === section ? { ...s, questions: arrayMove([...s.questions], from, to) } : s)),
    });
  }

  function onDragCancel({ active }: { active: { id: UniqueIdentifier } }) {
    if (before.current && before.current !== sections) edit({ type: 'reorder', sections: before.current });
    before.current = null;
    setDragging(null);
    focusLater(`drag-${uidOf(active.id)}`);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('schemes.dnd.instructions') } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <DraggingContext.Provider value={dragging}>{children}</DraggingContext.Provider>
    </DndContext>
  );
}
