export type SimEventKind =
  | 'fire'
  | 'inhibited'
  | 'transfer'
  | 'unsatisfied'
  | 'produce'
  | 'trigger'
  | 'route'
  | 'release'
  | 'end'
  | 'click'
  | 'register';

/** One line of the optional event log: who requested what, who got what, why a node did not act. */
export interface SimEvent {
  t: number;
  kind: SimEventKind;
  node: string;
  connection?: string;
  requested?: number;
  amount?: number;
  message: string;
}
