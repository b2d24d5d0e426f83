// The scheme editor as admin@demo.com: one numbering across the scheme (editor, preview, condition
// picker), a preview that shows a visibleIf question while its condition holds and exactly one labelled
// signature box, keyboard reordering through a grab handle (Space, arrows, Space; Escape cancels),
// drafts that save themselves (edit, wait, reload: the change is there) and a 390 px phone layout with
// no horizontal overflow and question text that never runs under its badges.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const other = await b.caller('admin@demo.com');

const yesno = (key: string, text: string, extra: object = {}) => ({ key, text, type: 'yesno' as const, ...extra });

async function createScheme(name: string) {
  return other.schemes.create({
    name,
    requireSignature: true,
    sections: [
      {
        title: 'Entrance',
        questions: [
          yesno('door', 'Is the door locked?'),
          yesno('alarm', 'Is the alarm set for the night shift and tested with the central station?', {
            visibleIf: { questionKey: 'door', equals: true },
            critical: true,
          }),
        ],
      },
      {
        title: 'Closing',
        questions: [
          { key: 'notes', text: 'Notes', type: 'text' as const },
          { key: 'sign', text: 'Sign off', type: 'signature' as const },
        ],
      },
    ],
  });
}

async function openEditor(p: Page, id: number) {
  await p.goto(`/management/schemes?scheme=${id}`);
  await p.getByRole('button', { name: 'Add section' }).waitFor();
}

const questionButtons = (p: Page) => p.locator('[aria-controls^="panel-"]');

describe('scheme editor and preview', { timeout: 120_000 }, () => {
  it('numbers questions across the scheme in the editor, the preview and the condition picker', async () => {
    const scheme = await createScheme('Numbering Checklist');
    await openEditor(page, scheme.id);
    expect(await questionButtons(page).allInnerTexts()).toEqual([
      '1. Is the door locked?',
      '2. Is the alarm set for the night shift and tested with the central station?',
      '3. Notes',
      '4. Sign off',
    ]);
    await page.getByRole('button', { name: '4. Sign off' }).click();
    const options = await page.getByLabel('Only when the answer to').locator('option').allInnerTexts();
    expect(options.slice(1)).toEqual([
      '1. Is the door locked?',
      '2. Is the alarm set for the night shift and tested with the central station?',
      '3. Notes',
    ]);

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByLabel('Preview', { exact: true });
    const numbered = async () =>
      preview
        .locator('ol > li')
        .evaluateAll((items) =>
          items.map(
            (li) =>
              `${(li as HTMLLIElement).value}. ${li.querySelector('label, legend, span')?.textContent?.split(' ')[0] ?? ''}`,
          ),
        );
    expect(await numbered()).toEqual(['1. Is', '3. Notes', '4. Sign']);
    // Each number stands on its question's first line (the number is what is hit just before the
    // item, level with the question), not beside the answers below it.
    const numberBesideQuestion = await preview.locator('ol > li').evaluateAll((items) =>
      items.map((li) => {
        const label = li.querySelector('legend, label, span')!.getBoundingClientRect();
        return document.elementFromPoint(li.getBoundingClientRect().left - 14, label.top + 8) === li;
      }),
    );
    expect(numberBesideQuestion).toEqual([true, true, true]);
  });

  it('shows a visibleIf question in the preview while its condition holds, and one labelled signature box', async () => {
    const scheme = await createScheme('Preview Checklist');
    await openEditor(page, scheme.id);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByLabel('Preview', { exact: true });
    const alarm = preview.getByRole('group', { name: /Is the alarm set/ });
    expect(await alarm.count()).toBe(0);

    await preview
      .getByRole('group', { name: /Is the door locked/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await alarm.waitFor();
    expect(await alarm.locator('xpath=ancestor::li[1]').evaluate((li) => (li as HTMLLIElement).value)).toBe(2);
    await preview
      .getByRole('group', { name: /Is the door locked/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await alarm.waitFor({ state: 'detached' });

    // The signature question's box is the only one, named by the question.
    const boxes = preview.getByRole('img');
    expect(await boxes.count()).toBe(1);
    expect(await boxes.first().getAttribute('aria-labelledby')).toBeTruthy();
    await preview.getByRole('img', { name: /Sign off/ }).waitFor();

    // Without a signature question, the scheme's required signature gets one box of its own, labelled.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Remove question 4' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    expect(await boxes.count()).toBe(1);
    await preview.getByRole('img', { name: "Inspector's signature" }).waitFor();
  });

  it('reorders questions (within and across sections) and sections with the keyboard (Escape puts it back), saves the draft by itself, and keeps it over a reload', async () => {
    const scheme = await createScheme('Reorder Checklist');
    await openEditor(page, scheme.id);
    // Every announcement of the drag-and-drop live region, in order.
    await page.evaluate(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      new MutationObserver(() => {
        const text = document.querySelector('[id^="DndLiveRegion"]')?.textContent;
        if (text && heard.at(-1) !== text) heard.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const heard = () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.join(' | '));

    // Escape cancels a move.
    await page.getByRole('button', { name: 'Drag question 4: Sign off' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Picked up Question 4, Sign off.');
    await page.keyboard.press('ArrowUp');
    await expect.poll(heard).toContain('Question 4, Sign off: now question 3, in section 2, Closing.');
    await page.keyboard.press('Escape');
    await expect.poll(heard).toContain('Moving cancelled; Question 4, Sign off is back where it was.');
    expect(await questionButtons(page).allInnerTexts()).toEqual(expect.arrayContaining(['3. Notes', '4. Sign off']));
    expect((await questionButtons(page).allInnerTexts())[3]).toBe('4. Sign off');

    // Space, arrow up, Space: question 4 becomes question 3; focus stays on its handle.
    await page.evaluate(() => ((window as unknown as { heard: string[] }).heard.length = 0));
    await page.getByRole('button', { name: 'Drag question 4: Sign off' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Picked up Question 4, Sign off.');
    await page.keyboard.press('ArrowUp');
    await expect.poll(heard).toContain('Question 4, Sign off: now question 3, in section 2, Closing.');
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Dropped Question 4, Sign off, now question 3, in section 2, Closing.');
    await expect
      .poll(() => questionButtons(page).allInnerTexts())
      .toEqual([
        '1. Is the door locked?',
        '2. Is the alarm set for the night shift and tested with the central station?',
        '3. Sign off',
        '4. Notes',
      ]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Drag question 3: Sign off');

    // Sections move the same way: section 2 up becomes section 1, its questions numbered first.
    await page.evaluate(() => ((window as unknown as { heard: string[] }).heard.length = 0));
    await page.getByRole('button', { name: 'Drag section 2: Closing' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Picked up Section 2, Closing.');
    // @dnd-kit measures the droppables right after the pick-up; an arrow pressed before that is ignored.
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowUp');
    await expect.poll(heard).toContain('Section 2, Closing: now section 1 of 2.');
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Section 1: Closing' }).waitFor();
    await expect
      .poll(() => questionButtons(page).allInnerTexts())
      .toEqual([
        '1. Sign off',
        '2. Notes',
        '3. Is the door locked?',
        '4. Is the alarm set for the night shift and tested with the central station?',
      ]);

    // A question moves across sections: Notes, last of section 1, down into section 2. Picked up while
    // the section drop still animates into place, the rows' measured places are those of the moment and
    // an arrow may aim from there (a flake seen under load): pick up once the rows rest, as a person does.
    await page.waitForTimeout(600);
    await page.evaluate(() => ((window as unknown as { heard: string[] }).heard.length = 0));
    await page.getByRole('button', { name: 'Drag question 2: Notes' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Picked up Question 2, Notes.');
    await page.keyboard.press('ArrowDown');
    await expect.poll(heard).toContain('in section 2, Entrance.');
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('Dropped Question 2, Notes');
    await expect
      .poll(() =>
        page.getByRole('group', { name: 'Section 2: Entrance' }).locator('[aria-controls^="panel-"]').allInnerTexts(),
      )
      .toEqual([
        '2. Notes',
        '3. Is the door locked?',
        '4. Is the alarm set for the night shift and tested with the central station?',
      ]);

    // The draft saves itself a moment later (no Save click), announced politely; a reload keeps it.
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved at \d/ })
      .waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Reorder Checklist (evening)');
    await page
      .getByRole('status')
      .filter({ hasText: 'Saving…' })
      .or(page.getByRole('status').filter({ hasText: /^Saved at/ }))
      .first()
      .waitFor();
    await expect
      .poll(() => other.schemes.byId({ id: scheme.id }).then((s) => s.name))
      .toBe('Reorder Checklist (evening)');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Reorder Checklist (evening)' }).waitFor();
    await page.getByRole('button', { name: '1. Sign off' }).waitFor();
    const saved = await other.schemes.byId({ id: scheme.id });
    expect(saved.sections.map((s) => [s.title, s.questions.map((q) => q.key)])).toEqual([
      ['Closing', ['sign']],
      ['Entrance', ['notes', 'door', 'alarm']],
    ]);
  });

  it('does not overwrite a draft someone else changed: the automatic save shows the conflict banner', async () => {
    const scheme = await createScheme('Conflict Checklist');
    await openEditor(page, scheme.id);
    await other.schemes.update({ id: scheme.id, lockVersion: scheme.lockVersion, description: 'Changed elsewhere' });
    await page.getByRole('textbox', { name: /^Name/ }).fill('Conflict Checklist (mine)');
    await page.getByText('Someone else changed this record').waitFor();
    await page.getByRole('status').filter({ hasText: 'Not saved: someone else changed this scheme' }).waitFor();
    expect((await other.schemes.byId({ id: scheme.id })).name).toBe('Conflict Checklist');
  });

  it('fits a 390 px phone: no horizontal overflow, question text wraps beside its badges, not under them', async () => {
    const scheme = await createScheme('Phone Checklist');
    const { context, page: phone } = await b.newPage({ viewport: { width: 390, height: 844 } });
    phone.setDefaultTimeout(10_000);
    try {
      await b.signIn(phone, 'admin@demo.com', 'admin');
      await openEditor(phone, scheme.id);
      const widths = await phone.evaluate(() => ({
        scroll: document.scrollingElement!.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);

      const toggle = phone.getByRole('button', { name: /^2\. Is the alarm set/ });
      const row = toggle.locator('xpath=..');
      const text = (await toggle.locator('span').last().boundingBox())!;
      const badges = (await row.getByText('Critical').boundingBox())!;
      const overlaps =
        text.x < badges.x + badges.width &&
        badges.x < text.x + text.width &&
        text.y < badges.y + badges.height &&
        badges.y < text.y + text.height;
      expect(overlaps).toBe(false);
      // The text wraps onto several lines and starts at the row's start, not centred.
      expect(text.height).toBeGreaterThan(30);
      const toggleBox = (await toggle.boundingBox())!;
      expect(text.x - toggleBox.x).toBeLessThan(30);

      await phone.getByRole('button', { name: 'Preview' }).click();
      const after = await phone.evaluate(() => ({
        scroll: document.scrollingElement!.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(after.scroll).toBeLessThanOrEqual(after.inner);
    } finally {
      await context.close();
    }
  });
});
