/** The clock of the train and MUV calls; tests replace `now` to ask for positions at a given time. */
export const trainClock = {
  now: (): number => Date.now(),
};
