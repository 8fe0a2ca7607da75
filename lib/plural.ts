/** A count with its noun: "1 transaction", "3 transactions", or `many` where adding an s is wrong. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
