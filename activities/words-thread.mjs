/**
 * The thread that reads answers' words (activities/words-reader.ts): domain/answer-words.ts loaded through tsx's API
 * (whatever loader the process has, or none: a test runner's), then each message answered with its packed lists.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

const api = register({ namespace: 'words-reader' });
const { packWords, readWords } = await api.import('../domain/answer-words.ts', import.meta.url);

parentPort.on('message', ({ id, text, asked }) => {
  try {
    parentPort.postMessage({ id, packed: packWords(readWords(text, asked)) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort.postMessage({ ready: true });
