import type { Strategy } from 'passport';

/** The passport strategies that recognise a caller on any request, in the order they are tried; provided by the auth module. */
export abstract class CallerStrategies {
  abstract readonly all: Strategy[];
}
