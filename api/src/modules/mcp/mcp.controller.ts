import { Controller, Req, Res } from '@nestjs/common';
import { ErrorCode, mcpEndpoints as endpoints } from '@loopwright/contracts';
import { createClient } from '@loopwright/client';
import { createMcpServer } from '@loopwright/cli/mcp';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { Endpoint } from '../../core/http/endpoint.decorator.js';

/**
 * The MCP server over Streamable HTTP, stateless (every POST stands alone, so any app instance can
 * answer it). The tools call this app's own API with the caller's key, through the same access
 * checks, plan limits, rate limit and save path as any other API call.
 */
@Controller()
export class McpController {
  @Endpoint(endpoints.post)
  async post(@CurrentCaller() caller: Caller, @Req() request: Request, @Res() response: Response) {
    const apiKey = bearer(request);
    if (caller.via !== 'api-key' || !apiKey) throw new AppError(ErrorCode.AUTH_REQUIRED);
    const server = createMcpServer(
      createClient({ url: ownOrigin(request), apiKey, headers: { 'User-Agent': 'loopwright-mcp' } }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  }

  @Endpoint(endpoints.stream)
  stream(@Res() response: Response) {
    response
      .status(405)
      .setHeader('Allow', 'POST')
      .json({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'This MCP server is stateless: POST only' },
        id: null,
      });
  }
}

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

/** This very server, at the address the request came in on (no proxy round trip, any port). */
function ownOrigin(request: Request): string {
  const address = request.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address.replace(/^::ffff:/, '')}]` : address;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : null;
  return `http://${plain ?? host}:${request.socket.localPort}`;
}
