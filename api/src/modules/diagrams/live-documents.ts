import { Injectable } from '@nestjs/common';
import type { SaveResult, TourStep } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import type { CheckedDocument } from './diagram-document.js';
import type { DiagramFacts } from './diagram-meta.js';

/**
 * The live (co-edited) documents, as the diagrams module sees them. The collab module registers
 * itself here when the app runs its co-editing server, so saving through the API and restoring a
 * version change the live document everyone has open, instead of racing it. Without it (workers,
 * tests without the server) saves keep their optimistic versions.
 */
/** A save of the whole document (PUT document): who saves what, against which version. */
export interface SaveRequest {
  diagram: DiagramFacts;
  caller: Caller;
  /** The version the caller's document started from. */
  baseVersion: number;
  checked: CheckedDocument;
  /** The version's message, when the caller gave one. */
  message: string | null;
}

export interface LiveDocumentPort {
  /**
   * Applies a saved document to the live one as one change (what changed since baseVersion), and
   * saves the JSON (as a version with `message` when given). Null: the document at baseVersion is no
   * longer known (the save is a conflict).
   */
  save(request: SaveRequest): Promise<SaveResult | null>;
  /** Makes the live document this one (a restored version), before its JSON is saved. */
  replace(fuid: string, document: Diagram, userId: string): Promise<void>;
  /**
   * The diagram's name or tour was saved (by its own endpoint): every tab that has the diagram open
   * live shows it. `read` reads what is saved now (two saves close together: the live document
   * ends with the later one, whatever order their answers take). Never fails the save that called it.
   */
  reflect(fuid: string, read: () => Promise<LiveFacts>): Promise<void>;
}

/** What the editor shows beside the document, live: the diagram's name, its tour's steps. */
export interface LiveFacts {
  name?: string;
  tour?: TourStep[];
}

@Injectable()
export class LiveDocuments {
  port: LiveDocumentPort | null = null;

  register(port: LiveDocumentPort): void {
    this.port = port;
  }

  /** Shows the saved name or tour in the open live document (nothing without the co-editing server). */
  async reflect(fuid: string, read: () => Promise<LiveFacts>): Promise<void> {
    await this.port?.reflect(fuid, read);
  }
}
