import { parentPort } from 'node:worker_threads';
import { createWorkerHandler, type WorkerRequest } from '../parallel.js';

const port = parentPort!;
const handle = createWorkerHandler((msg, transfer) => port.postMessage(msg, transfer));
port.on('message', (msg: WorkerRequest) => handle(msg));
