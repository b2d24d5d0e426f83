// Frame, notices, confirmation and shared filters of the business list pages.

export {
  CodeCell,
  ColorCell,
  NameCell,
  NumberCell,
  RecordStatus,
  TextCell,
  TwoLineCell,
  useRecordStatusText,
} from './cells.tsx';
export { ActiveFilter, ArchivedFilter } from './filters.tsx';
export { ListPage, type ListPageProps } from './ListPage.tsx';
export { type Notice, type NoticeApi, NoticeArea, type Undo, useNotice } from './notices.tsx';
export { type RecordDialogProps, RecordListPage, type RecordListPageProps } from './RecordListPage.tsx';
export { type ConfirmOptions, useConfirmDialog } from './useConfirmDialog.tsx';
export { type RecordActions, type RecordActionsOptions, useRecordActions } from './useRecordActions.tsx';
export {
  type ListCache,
  type MenuOptions,
  type RecordList,
  type RecordListOptions,
  useRecordList,
} from './useRecordList.ts';
