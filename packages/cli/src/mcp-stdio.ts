import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { RemoteConfig } from './config.js';

/**
 * `loopwright-sim mcp`: the server's MCP endpoint (Streamable HTTP, /api/mcp) offered over standard
 * input/output, for assistants that start their tools as processes. Every message is passed through
 * with the user's key, so the tools, their access checks and plan limits are the server's, one
 * implementation for both ways in.
 */
export async function serveStdio(config: RemoteConfig): Promise<void> {
  const stdio = new StdioServerTransport();
  const http = new StreamableHTTPClientTransport(new URL(`${config.url}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${config.apiKey}`, 'User-Agent': 'loopwright-sim mcp' } },
  });
  const closed = new Promise<void>((resolve) => {
    stdio.onclose = () => {
      void http.close().finally(resolve);
    };
  });
  const initializing = new Set<string | number>();
  stdio.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializing.add(message.id);
    http.send(message).catch((error: Error) => {
      if (!isJSONRPCRequest(message)) return;
      void stdio.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32603, message: `Loopwright at ${config.url} did not answer: ${error.message}` },
      });
    });
  };
  http.onmessage = (message: JSONRPCMessage) => {
    // The server's protocol version goes with every later request, as the SDK's own client does.
    if ('result' in message && initializing.delete(message.id)) {
      const version = (message.result as { protocolVersion?: string }).protocolVersion;
      if (version) http.setProtocolVersion(version);
    }
    void stdio.send(message);
  };
  http.onerror = (error) => process.stderr.write(`loopwright-sim mcp: ${error.message}\n`);
  await http.start();
  await stdio.start();
  // The assistant closing our standard input ends the session (the SDK's transport does not watch for it).
  process.stdin.once('end', () => void stdio.close());
  process.stderr.write(`loopwright-sim mcp: serving ${config.url}/api/mcp over stdio\n`);
  await closed;
}
