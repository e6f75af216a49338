import type { StudyOutcome, StudySettings } from '@loopwright/engine';
import type { EditorDiagram } from '../model/types';

// The study's settings and answer are the engine's: the server's blocks and the browser worker give the same answer.
export type { Fan, StudyKind, StudyOutcome, StudySettings } from '@loopwright/engine';

export interface StudyRequest {
  doc: EditorDiagram;
  settings: StudySettings;
}

export type StudyReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; outcome: StudyOutcome }
  | { type: 'error'; message: string };
