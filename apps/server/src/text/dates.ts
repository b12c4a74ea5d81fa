/** A clock the services read, so tests can fix "now" (Rome's dates: `romeDate` in contracts). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
