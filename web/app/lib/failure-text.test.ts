import { DiagramTexts } from '@loopwright/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { failureText } from './failure-text';

describe("a failed action's text", () => {
  it("starts with the spec's words and says why after them", () => {
    const timeout = new ApiError({
      status: 504,
      code: 'REQUEST_TIMEOUT',
      message: 'The server took too long to answer.',
    });
    expect(failureText(DiagramTexts.playsLoadFailed, timeout)).toBe(
      'Failed loading play history items: The server took too long to answer.',
    );
    const offline = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    expect(failureText(DiagramTexts.playDeleteFailed, offline)).toBe(
      `Failed deleting play history items: ${NETWORK_ERROR_MESSAGE}`,
    );
    expect(failureText(DiagramTexts.batchFailed, 'Run 3 stopped: division by zero in "Gold"')).toBe(
      'Failed executing quick plays batch: Run 3 stopped: division by zero in "Gold"',
    );
  });

  it('says the text once when the server already answered with it, or gave no reason', () => {
    const same = new ApiError({ status: 404, code: 'PLAY_NOT_FOUND', message: DiagramTexts.playsLoadFailed });
    expect(failureText(DiagramTexts.playsLoadFailed, same)).toBe(DiagramTexts.playsLoadFailed);
    expect(failureText(DiagramTexts.batchFailed, '')).toBe(DiagramTexts.batchFailed);
  });
});
