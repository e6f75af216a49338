import { withArticle } from '@loopwright/contracts';
import { PALETTE } from './panels/palette';

export interface Shortcut {
  keys: string;
  action: string;
}

/** Every keyboard shortcut of the editor, as the shortcuts dialog lists them. */
export const SHORTCUTS: Array<{ group: string; items: Shortcut[] }> = [
  {
    group: 'Editing',
    items: [
      { keys: 'Ctrl+Z', action: 'Undo' },
      { keys: 'Ctrl+Shift+Z / Ctrl+Y', action: 'Redo' },
      { keys: 'Ctrl+C', action: 'Copy the selection' },
      { keys: 'Ctrl+X', action: 'Cut the selection' },
      { keys: 'Ctrl+V', action: 'Paste' },
      { keys: 'Ctrl+D', action: 'Duplicate the selection' },
      { keys: 'Delete / Backspace', action: 'Delete the selection' },
      { keys: 'Ctrl+A', action: 'Select everything' },
      { keys: 'Escape', action: 'Clear the selection, stop placing; in a panel field: back to the shortcuts' },
      { keys: 'Arrow keys', action: 'Move the selected elements (focused node)' },
      { keys: 'Ctrl+S', action: 'Save now' },
    ],
  },
  {
    group: 'Drawing',
    items: [
      ...PALETTE.map((p) => ({
        keys: p.key,
        action: `Add ${withArticle(p.type === 'end' ? 'end condition' : p.type)} at the centre`,
      })),
      { keys: 'Q', action: 'Drag draws resource connections' },
      { keys: 'W', action: 'Drag draws state connections' },
    ],
  },
  {
    group: 'View',
    items: [
      { keys: 'Shift+1', action: 'Fit the diagram to the screen' },
      { keys: '+ / −', action: 'Zoom in / out' },
      { keys: 'Ctrl+G', action: 'Snap to grid on/off' },
      { keys: 'O', action: 'Outline view on/off' },
      { keys: '?', action: 'This list of shortcuts' },
    ],
  },
  {
    group: 'Runs',
    items: [
      { keys: 'F5 / Ctrl+Enter', action: 'Quick run' },
      { keys: 'Space', action: 'Pause or resume the animated play' },
      { keys: '.', action: 'One step forward' },
    ],
  },
];
