import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../auth/public.decorator.js';
import { declaredEndpoints } from '../http/endpoint.decorator.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { API_VERSION } from './version.js';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loopwright API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

/** The API reference: the generated document and Swagger UI, served from our own assets. */
@Controller('docs')
@Public()
export class DocsController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return page;
  }

  @Get('init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init(): string {
    return "window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui' });";
  }

  @Get('openapi.json')
  document(): unknown {
    return buildOpenApiDocument(declaredEndpoints, API_VERSION);
  }
}
