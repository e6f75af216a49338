import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { CollabRepository } from './collab.repository.js';
import { CollabServer } from './collab.server.js';
import { LiveDocumentStore } from './live-document-store.js';

/** Live co-editing: the Hocuspocus (Yjs) server the app attaches to its HTTP server at /collab. */
@Module({
  imports: [DiagramsModule],
  providers: [CollabRepository, LiveDocumentStore, CollabServer],
  exports: [CollabServer],
})
export class CollabModule {}
