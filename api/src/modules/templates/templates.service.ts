import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  diagramSlug,
  ErrorCode,
  TEMPLATE_TYPE_TITLES,
  TEMPLATE_TYPES,
  type TemplateSummary,
  type TemplateView,
} from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { ThumbnailsService } from '../thumbnails/thumbnails.service.js';
import { ToursService } from '../tours/tours.service.js';
import { catalogueRoot, chartedDocument, readCatalogue } from './template-catalogue.js';
import { TemplatesRepository, type TemplateRow } from './templates.repository.js';
import { DomainEventsService } from '../events/domain-events.service.js';

type TemplateType = (typeof TEMPLATE_TYPES)[number];
/** A published template's {ID}: ASCII words joined by single hyphens (the template route's pattern). */
const templateId = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'template';

/**
 * Templates: the catalogue in content/templates (loaded into the database at start and before the
 * first read of a process that skipped it) plus diagrams an admin published. Read-only views,
 * "Use this template" copies, and the newest list the community pages show.
 */
@Injectable()
export class TemplatesService implements OnApplicationBootstrap {
  private loading?: Promise<void>;
  /** Rendered thumbnails by template id and last change (templates change only when reloaded or republished). */
  private readonly pictures = new Map<string, Buffer>();
  static root = catalogueRoot;

  constructor(
    private readonly templates: TemplatesRepository,
    private readonly diagrams: DiagramsService,
    private readonly access: DiagramAccessService,
    private readonly tours: ToursService,
    private readonly thumbnails: ThumbnailsService,
    private readonly events: DomainEventsService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.adapterHost.httpAdapter && this.config.NODE_ENV !== 'test') await this.ensureLoaded();
  }

  ensureLoaded(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const catalogue = await readCatalogue(TemplatesService.root);
    const existing = await this.templates.builtInSlugs();
    const keep = new Set(catalogue.map((t) => t.id));
    await this.templates.deleteMany(existing.filter((row) => !keep.has(row.slug)).map((row) => row.id));
    for (const t of catalogue) {
      const row = await this.templates.upsertBuiltIn({
        slug: t.id,
        type: t.type,
        title: t.title,
        description: t.description,
        document: chartedDocument(t),
        chart: t.chart,
        position: t.position,
      });
      await this.tours.setForTemplate(row.id, t.tour ?? null);
    }
    this.logger.info({ templates: catalogue.length }, 'templates loaded from content/templates');
  }

  async list(query: { type?: TemplateType; sort: 'position' | 'newest'; count: number }) {
    await this.ensureLoaded();
    const [rows, counts] = await Promise.all([
      this.templates.list(query.type, query.sort, query.count),
      this.templates.countsByType(),
    ]);
    return {
      items: rows.map(summary),
      sections: TEMPLATE_TYPES.map((type) => ({
        type,
        title: TEMPLATE_TYPE_TITLES[type],
        count: counts.get(type) ?? 0,
      })),
    };
  }

  /** The community "new templates" list: the newest templates first (website.md: count 4). */
  async newest(count = 4): Promise<TemplateSummary[]> {
    return (await this.list({ sort: 'newest', count })).items;
  }

  async get(type: TemplateType, slug: string): Promise<TemplateView> {
    await this.ensureLoaded();
    const row = await this.templates.find(type, slug);
    if (!row) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
    const steps = row.tour ? await this.tours.templateTour(row.id) : null;
    return { ...summary(row), document: row.document as unknown as Diagram, tour: steps ? { steps } : null };
  }

  /** The template's card picture: its document drawn small, rendered once per version of the template. */
  async thumbnail(type: TemplateType, slug: string): Promise<Buffer> {
    await this.ensureLoaded();
    const row = await this.templates.find(type, slug);
    if (!row) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    let png = this.pictures.get(key);
    if (!png) {
      png = this.thumbnails.documentThumbnail(row.document as unknown as Diagram, row.title);
      if (this.pictures.size > 500) this.pictures.clear();
      this.pictures.set(key, png);
    }
    return png;
  }

  /** "Use this template": a new diagram of the caller's with the template's document and tour. */
  async use(caller: Caller, type: TemplateType, slug: string, name?: string): Promise<{ fuid: string; name: string }> {
    const template = await this.get(type, slug);
    const diagram = await this.diagrams.create(caller, {
      name: name || template.title,
      description: template.description,
      document: template.document,
    });
    if (template.tour) await this.tours.copyToDiagram(template.tour.steps, diagram.fuid, caller);
    return { fuid: diagram.fuid, name: diagram.name };
  }

  /** Admins publish a diagram (a snapshot of its saved document) as a template; publishing again updates it. */
  async publish(
    caller: Caller,
    fuid: string,
    input: { type: TemplateType; title?: string; description?: string },
  ): Promise<TemplateSummary> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const document = await this.diagrams.documentOf(diagram.id);
    const title = input.title || diagram.name;
    const chart = (document.nodes ?? [])
      .filter((n) => n.showInChart !== false && (n.type === 'pool' || n.type === 'register'))
      .map((n) => n.id);
    const position = await this.templates.nextPosition();
    // The community's "new templates" and Recent Activity follow from the TemplatePublished event.
    const row = await this.events.transaction(async (tx, emit) => {
      const saved = await this.templates.upsertPublished(
        diagram.id,
        caller.userId,
        {
          slug: `${templateId(title)}-${diagram.fuid.toLowerCase()}`,
          type: input.type,
          title,
          description: input.description ?? diagram.description,
          document: document,
          chart,
          position,
        },
        tx,
      );
      await emit({
        type: 'TemplatePublished',
        payload: {
          diagramId: diagram.id,
          fuid: diagram.fuid,
          diagramName: diagram.name,
          publishedById: caller.userId,
          templateType: input.type,
        },
      });
      return saved;
    });
    return summary(row);
  }

  async unpublish(caller: Caller, fuid: string): Promise<void> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    // The community's "new templates" list follows from the TemplateWithdrawn event.
    await this.events.transaction(async (tx, emit) => {
      if ((await this.templates.deleteByDiagram(diagram.id, tx)) === 0)
        throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
      await emit({
        type: 'TemplateWithdrawn',
        payload: { diagramId: diagram.id, fuid: diagram.fuid, diagramName: diagram.name, withdrawnById: caller.userId },
      });
    });
  }
}

function summary(row: TemplateRow): TemplateSummary {
  const type = row.type as TemplateType;
  const owner = row.diagram?.owner.username;
  return {
    type,
    id: row.slug,
    title: row.title,
    description: row.description,
    chart: row.chart,
    hasTour: row.tour !== null,
    href: `/templates/${type}/${row.slug}?name=${encodeURIComponent(row.title)}`,
    thumbnailUrl: `/api/templates/${type}/${row.slug}/thumbnail?v=${row.updatedAt.getTime()}`,
    communityHref:
      row.diagram && owner
        ? `/community/${encodeURIComponent(owner)}/${diagramSlug(row.diagram.name)}-${row.diagram.fuid}?source=templates`
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}
