/** A level of a grid factor: what a config's grid lists and a cell's condition holds. */
export type Level = string | number | boolean;
