// Merchant-category groups (issue 30): the MCC ranges of ISO 18245 grouped as an operator thinks of them.

/**
 * Merchant-category groups as an operator thinks of them, each a set of MCC ranges (ISO 18245). An MCC in no range
 * is 'outros', which can be blocked like any group.
 */
export const MCC_GROUPS = {
  restaurantes: { label: 'Restaurantes e lanchonetes', ranges: [[5811, 5814]], example: 5812 },
  supermercados: {
    label: 'Supermercados',
    ranges: [
      [5411, 5411],
      [5422, 5422],
      [5441, 5462],
      [5499, 5499],
    ],
    example: 5411,
  },
  combustivel: {
    label: 'Combustível',
    ranges: [
      [5172, 5172],
      [5541, 5542],
      [5983, 5983],
    ],
    example: 5541,
  },
  transporte: {
    label: 'Transporte e pedágio',
    ranges: [
      [4111, 4131],
      [4784, 4789],
      [7523, 7523],
    ],
    example: 4121,
  },
  viagens: {
    label: 'Viagens e hospedagem',
    ranges: [
      [3000, 3999],
      [4411, 4411],
      [4511, 4582],
      [4722, 4722],
      [7011, 7012],
      [7512, 7512],
    ],
    example: 4511,
  },
  saude: {
    label: 'Farmácias e saúde',
    ranges: [
      [5912, 5912],
      [5975, 5976],
      [8011, 8099],
    ],
    example: 5912,
  },
  tecnologia: {
    label: 'Tecnologia e serviços digitais',
    ranges: [
      [4816, 4816],
      [5045, 5045],
      [5732, 5734],
      [5817, 5818],
      [7372, 7372],
    ],
    example: 5734,
  },
  saques: { label: 'Saques', ranges: [[6010, 6011]], example: 6011 },
  apostas: {
    label: 'Jogos e apostas',
    ranges: [
      [7800, 7802],
      [7994, 7995],
    ],
    example: 7995,
  },
  outros: { label: 'Outros estabelecimentos', ranges: [], example: 7399 },
} as const satisfies Record<string, { label: string; ranges: readonly (readonly [number, number])[]; example: number }>;

export type MccGroup = keyof typeof MCC_GROUPS;
export const MCC_GROUP_KEYS = Object.keys(MCC_GROUPS) as [MccGroup, ...MccGroup[]];

export function groupOfMcc(mcc: number): MccGroup {
  for (const key of MCC_GROUP_KEYS) {
    if (MCC_GROUPS[key].ranges.some(([from, to]) => mcc >= from && mcc <= to)) return key;
  }
  return 'outros';
}
