// Draws the inspection PDF of one task from data already read and authorized (tasks-pdf.service.ts):
// header, score and section breakdown, every answer with its comment and photo thumbnails, failed
// critical items, review history and signature, in the caller's language (Arabic right to left).
// Returns the pdfkit document, a readable stream the transport pipes to the response.
import type { TSection } from '../../../../../shared/schemas/schemes.ts';
import type { TAnswer, TTaskDetail } from '../../../../../shared/schemas/tasks.ts';
import { formatZoned, formatZonedRange } from '../../../../../shared/time/zoned.ts';
import {
  answersByKey,
  isQuestionVisible,
  pointsEarned,
  questionFails,
  questionsOf,
} from '../../../../../shared/workflow/score.ts';
import {
  drawLines,
  layoutParagraph,
  lineHeight,
  pdfkit,
  registerFonts,
  type TextStyle,
} from '../../../../lib/pdf/pdf-text.ts';
import { type PdfLanguage, pdfTranslator } from './pdf-strings.ts';

export interface TaskReportData {
  language: PdfLanguage;
  task: TTaskDetail;
  customerName: string;
  project: { code: string; name: string };
  scheme: { name: string; version: number; passingScore: number; sections: TSection[] };
  /** JPEG thumbnails by file id (evidence photos). */
  photos: Map<number, Buffer>;
  /** PNG of the signature, when the task has one that could be read. */
  signature: Buffer | null;
  generatedBy: string;
  generatedAt: Date;
}

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 24;
const THUMB = { width: 118, height: 88, gap: 8 };
const COLORS = {
  text: '#1f2328',
  muted: '#59636e',
  danger: '#cf222e',
  success: '#1a7f37',
  rule: '#d1d9e0',
  band: '#f6f8fa',
};

const H1: TextStyle = { size: 18, bold: true };
const H2: TextStyle = { size: 13, bold: true };
const BODY: TextStyle = { size: 10 };
const BOLD: TextStyle = { size: 10, bold: true };
const SMALL: TextStyle = { size: 8.5, color: COLORS.muted };

/** A cursor over the pages: paragraphs, key-value rows, images; a new page when the next thing does not fit. */
class Writer {
  y = MARGIN;
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;

  constructor(doc: PDFKit.PDFDocument, rtl: boolean) {
    this.doc = doc;
    this.rtl = rtl;
  }

  ensure(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  /** x of a column that starts `offset` from the language's start side and is `width` wide. */
  col(offset: number, width: number): number {
    return this.rtl ? MARGIN + CONTENT - offset - width : MARGIN + offset;
  }

  /** A paragraph; `user` for user content (its own direction, like dir="auto"). */
  text(value: string, style: TextStyle, offset = 0, width = CONTENT - offset, user = false): void {
    const box = { x: this.col(offset, width), width, rtl: this.rtl, ...(user ? { dir: 'auto' as const } : {}) };
    const { lines } = layoutParagraph(this.doc, value, box, style);
    for (const line of lines) {
      this.ensure(lineHeight(style));
      this.y = drawLines(this.doc, [line], this.y, box, style);
    }
  }

  /** Cells side by side from the start side; the row takes the height of its tallest cell. */
  row(cells: { text: string; width: number; style?: TextStyle; align?: 'start' | 'end'; user?: boolean }[]): void {
    let offset = 0;
    const laid = cells.map((cell) => {
      const style = cell.style ?? BODY;
      const box = {
        x: this.col(offset, cell.width),
        width: cell.width - 6,
        rtl: this.rtl,
        align: cell.align,
        ...(cell.user ? { dir: 'auto' as const } : {}),
      };
      offset += cell.width;
      return { box, style, ...layoutParagraph(this.doc, cell.text, box, style) };
    });
    this.ensure(Math.max(...laid.map((c) => c.height)));
    const top = this.y;
    this.y = Math.max(...laid.map((c) => drawLines(this.doc, c.lines, top, c.box, c.style)));
  }

  keyValue(label: string, value: string, valueStyle: TextStyle = BODY, user = true): void {
    this.row([
      { text: label, width: 120, style: { ...BODY, color: COLORS.muted } },
      { text: value, width: CONTENT - 120, style: valueStyle, user },
    ]);
  }

  heading(value: string): void {
    this.gap(10);
    this.ensure(lineHeight(H2) + 30);
    this.text(value, H2);
    this.rule();
  }

  rule(): void {
    this.doc
      .moveTo(MARGIN, this.y + 2)
      .lineTo(MARGIN + CONTENT, this.y + 2)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    this.gap(6);
  }

  gap(h: number): void {
    this.y += h;
  }

  /** Thumbnails in rows, from the start side. */
  images(images: Buffer[], offset: number): void {
    const perRow = Math.max(1, Math.floor((CONTENT - offset + THUMB.gap) / (THUMB.width + THUMB.gap)));
    for (let i = 0; i < images.length; i += perRow) {
      this.ensure(THUMB.height + THUMB.gap);
      images.slice(i, i + perRow).forEach((image, j) => {
        const x = this.col(offset + j * (THUMB.width + THUMB.gap), THUMB.width);
        this.doc.image(image, x, this.y, { fit: [THUMB.width, THUMB.height], align: 'center', valign: 'center' });
        this.doc.rect(x, this.y, THUMB.width, THUMB.height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
      });
      this.y += THUMB.height + THUMB.gap;
    }
  }
}

/** The PDF document of a task; pipe it to the response (it ends itself). */
export function renderTaskPdf(data: TaskReportData): PDFKit.PDFDocument {
  const t = pdfTranslator(data.language);
  const rtl = data.language === 'ar';
  const { task } = data;
  const doc = new (pdfkit())({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: data.language,
    displayTitle: true,
    info: {
      Title: `${t('title')} ${data.project.code} ${task.location.code}`,
      Author: 'Opsdesk',
      Subject: `${data.customerName} — ${task.location.name}`,
    },
  });
  registerFonts(doc);
  const w = new Writer(doc, rtl);
  const zone = task.location.timeZone;
  // Every time on the location's clock; the visit's line names the zone, the others read on the same clock.
  const dateTime = { format: (at: Date) => formatZoned(at, { language: data.language, zone, readerZone: zone }) };
  const number = new Intl.NumberFormat(data.language, { maximumFractionDigits: 1 });

  /* header */
  w.text(t('title'), H1);
  w.text(
    `${data.project.code} · ${task.location.code} ${task.location.name}`,
    { ...BODY, color: COLORS.muted },
    0,
    CONTENT,
    true,
  );
  w.gap(8);
  w.keyValue(t('customer'), data.customerName);
  w.keyValue(t('project'), `${data.project.code} — ${data.project.name} (${data.scheme.name} v${data.scheme.version})`);
  w.keyValue(t('location'), `${task.location.code} — ${task.location.name}`);
  w.keyValue(t('inspector'), task.assignee?.name ?? '—');
  w.keyValue(t('slot'), formatZonedRange(task.startsAt, task.endsAt, { language: data.language, zone }), BODY, false);
  w.keyValue(t('status'), t(`status_${task.status}`), BODY, false);
  if (task.checkIn) {
    const distance =
      task.checkIn.distanceM === null
        ? ''
        : `${t('distance', { m: number.format(Math.round(task.checkIn.distanceM)) })} — `;
    const fence = task.outOfFence ? t('outOfFence') : t('insideFence');
    w.keyValue(
      t('checkIn'),
      `${dateTime.format(task.checkIn.at)} · ${distance}${fence}`,
      task.outOfFence ? { ...BOLD, color: COLORS.danger } : BODY,
      false,
    );
    if (task.outOfFenceReason) w.keyValue(t('reason'), task.outOfFenceReason);
  } else {
    w.keyValue(t('checkIn'), t('notCheckedIn'), BODY, false);
  }

  /* score */
  w.heading(t('score'));
  if (task.score === null) {
    w.text(t('notScored'), BODY);
  } else {
    w.row([
      { text: `${number.format(task.score)} / 100`, width: 150, style: { size: 22, bold: true } },
      {
        text: task.passed ? t('passed') : t('failed'),
        width: 150,
        style: { size: 14, bold: true, color: task.passed ? COLORS.success : COLORS.danger },
      },
      { text: t('passingScore', { n: number.format(data.scheme.passingScore) }), width: CONTENT - 300, style: SMALL },
    ]);
  }
  if (task.sectionScores.length) {
    w.gap(6);
    w.row([
      { text: t('section'), width: CONTENT - 160, style: { ...BOLD, color: COLORS.muted } },
      { text: t('weight'), width: 70, style: { ...BOLD, color: COLORS.muted }, align: 'end' },
      { text: t('score'), width: 90, style: { ...BOLD, color: COLORS.muted }, align: 'end' },
    ]);
    for (const section of task.sectionScores) {
      w.row([
        { text: section.title, width: CONTENT - 160, user: true },
        { text: number.format(section.weight), width: 70, align: 'end' },
        { text: section.score === null ? '—' : number.format(section.score), width: 90, align: 'end' },
      ]);
    }
  }

  /* answers */
  const answers = answersByKey(task.answers);
  const questions = questionsOf(data.scheme);
  w.heading(t('answers'));
  for (const section of data.scheme.sections) {
    const visible = section.questions.filter((q) => isQuestionVisible(q, answers, questions));
    if (!visible.length) continue;
    w.gap(4);
    w.text(section.title, { size: 11.5, bold: true }, 0, CONTENT, true);
    w.gap(2);
    for (const question of visible) {
      const answer = answers.get(question.key);
      const failed = questionFails(question, answer, true);
      w.gap(4);
      const tags = [question.critical ? t('critical') : '', failed ? t('failedItem') : ''].filter(Boolean).join(' · ');
      w.text(question.text, BOLD, 0, CONTENT, true);
      if (tags) w.text(tags, { size: 8.5, bold: true, color: failed ? COLORS.danger : COLORS.muted }, 12);
      w.text(answerText(question, answer, t, number), { ...BODY, color: failed ? COLORS.danger : COLORS.text }, 12);
      if (answer?.comment) w.text(`${t('comment')}: ${answer.comment}`, { ...BODY, color: COLORS.muted }, 12);
      const photos = (answer?.fileIds ?? [])
        .map((id) => data.photos.get(id))
        .filter((b): b is Buffer => b !== undefined);
      if (photos.length) w.images(photos, 12);
      const missing = (answer?.fileIds.length ?? 0) - photos.length;
      if (missing > 0 && question.type === 'photo') w.text(`${t('photoMissing')} (${missing})`, SMALL, 12);
    }
  }

  /* failed critical items */
  w.heading(t('criticalFailures'));
  if (!task.criticalFailures.length) w.text(t('noCriticalFailures'), BODY);
  for (const key of task.criticalFailures) {
    const question = questions.get(key);
    w.text(`• ${question?.text ?? key}`, { ...BODY, color: COLORS.danger });
  }

  /* reviews */
  w.heading(t('reviews'));
  if (!task.reviews.length) w.text(t('noReviews'), BODY);
  for (const review of task.reviews) {
    w.gap(2);
    w.text(
      `${t('round', { n: review.round })} · ${t(review.decision)} · ${review.reviewer.name} · ${dateTime.format(review.at)}`,
      BOLD,
    );
    if (review.reason) w.text(`${t('reason')}: ${review.reason}`, BODY, 12);
    if (review.comment) w.text(`${t('comment')}: ${review.comment}`, BODY, 12);
  }

  /* signature */
  w.heading(t('signature'));
  if (data.signature) {
    w.ensure(90);
    doc.image(data.signature, w.col(0, 220), w.y, { fit: [220, 80] });
    w.gap(88);
  } else {
    w.text(t('noSignature'), BODY);
  }

  /* footer on every page */
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footer = `${t('generated', { at: dateTime.format(data.generatedAt), who: data.generatedBy })} — ${t('page', { n: i + 1, total: range.count })}`;
    const box = { x: MARGIN, width: CONTENT, rtl, align: 'center' as const };
    // Below the bottom margin: pdfkit must not start a new page for it.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    drawLines(doc, layoutParagraph(doc, footer, box, SMALL).lines, PAGE.height - MARGIN, box, SMALL);
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return doc;
}

function answerText(
  question: TSection['questions'][number],
  answer: TAnswer | undefined,
  t: ReturnType<typeof pdfTranslator>,
  number: Intl.NumberFormat,
): string {
  if (!answer || (answer.value === null && !answer.na))
    return question.type === 'photo' && answer?.fileIds.length
      ? t('photos', { n: answer.fileIds.length })
      : t('notAnswered');
  if (answer.na) return t('na');
  const value = answer.value;
  let shown: string;
  if (question.type === 'yesno') shown = value === true ? t('yes') : value === false ? t('no') : String(value);
  else if (question.type === 'choice') shown = question.options.find((o) => o.value === value)?.label ?? String(value);
  else if (typeof value === 'number') shown = number.format(value);
  else shown = String(value);
  const earned = pointsEarned(question, value);
  if (earned === null || !(question.maxScore > 0)) return shown;
  return `${shown} — ${t('points', { e: number.format(earned), m: number.format(question.maxScore) })}`;
}
