export const count = (rows: { result: string }[], result: string) => rows.filter((r) => r.result === result).length;

export const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));
