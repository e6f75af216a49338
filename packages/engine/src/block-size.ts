/** Node-steps per block: about 1.5 s on one core of the machines we measured (2.9e7 node-steps/s). */
export const BLOCK_NODE_STEPS = 4e7;
