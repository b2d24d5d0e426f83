// Frame, notices, confirmation and shared filters of the business list pages.
export { ListPage, type ListPageProps } from './ListPage.tsx';
export { NoticeArea, useNotice, type Notice, type NoticeApi, type Undo } from './notices.tsx';
export { useConfirmDialog, type ConfirmOptions } from './useConfirmDialog.tsx';
export { ActiveFilter, ArchivedFilter } from './filters.tsx';
export { CodeCell, ColorCell, NameCell, NumberCell, RecordStatus, TextCell } from './cells.tsx';
export { useRecordActions, type RecordActions, type RecordActionsOptions } from './useRecordActions.tsx';
export { useRecordList, type ListCache, type MenuOptions, type RecordList, type RecordListOptions } from './useRecordList.ts';
export { RecordListPage, type RecordDialogProps, type RecordListPageProps } from './RecordListPage.tsx';
