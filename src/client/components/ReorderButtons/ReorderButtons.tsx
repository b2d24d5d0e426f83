// Move up, move down and remove for one entry of an ordered list a form edits (an invoice's lines, a
// product's images): keyboard buttons named with the entry, never a drag alone. The buttons carry
// `data-move="-1"` / `data-move="1"` so the form can put focus back on the moved entry's button.
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@primer/octicons-react';
import { IconButton } from '@primer/react';

export interface ReorderButtonsProps {
  index: number;
  count: number;
  /** The buttons' accessible names ("Move line 2 up"…). */
  labels: { up: string; down: string; remove: string };
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** E.g. the last line that must stay. */
  removeDisabled?: boolean;
}

export function ReorderButtons({ index, count, labels, onMove, onRemove, removeDisabled }: ReorderButtonsProps) {
  return (
    <>
      <IconButton
        icon={ArrowUpIcon}
        data-move="-1"
        aria-label={labels.up}
        size="small"
        variant="invisible"
        disabled={index === 0}
        onClick={() => onMove(-1)}
      />
      <IconButton
        icon={ArrowDownIcon}
        data-move="1"
        aria-label={labels.down}
        size="small"
        variant="invisible"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      />
      <IconButton
        icon={TrashIcon}
        aria-label={labels.remove}
        size="small"
        variant="invisible"
        disabled={removeDisabled}
        onClick={onRemove}
      />
    </>
  );
}
