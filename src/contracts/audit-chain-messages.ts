// What `npm run audit:verify` prints (decision 125): the chain intact, or each break named by its company's chain,
// its number and its row.

/** A chain by its company: 0 is the chain of rows about no company. */
const chainName = (chain: number) => (chain === 0 ? 'sem empresa' : `da empresa ${chain}`);
const tampered = 'Trilha de auditoria adulterada:';

export const auditChainMessages = {
  usage: 'Uso: npm run audit:verify [-- --publish]',
  intact: (rows: number, chains: number) => `Trilha de auditoria íntegra: ${rows} registros em ${chains} cadeias.`,
  checkedAgainst: (publishedAt: string) => `Conferida com o topo publicado em ${publishedAt}.`,
  head: (chain: number, seq: number, mac: string) => `Último registro da cadeia ${chainName(chain)}: nº ${seq}, ${mac}`,
  published: (file: string, chains: number) => `Topo publicado em ${file} (${chains} cadeias).`,
  noHeads: (dir: string) =>
    `Nenhum topo publicado em ${dir}: sem ele, registros removidos do fim de uma cadeia passariam despercebidos. ` +
    'Publique um com npm run audit:verify -- --publish.',
  invalidHeads: (file: string) =>
    `O topo publicado em ${file} não confere com a chave mestra (assinatura inválida ou arquivo alterado): ` +
    'guarde-o como evidência e investigue antes de publicar outro.',
  broken: {
    content: (chain: number, seq: number, row: string) =>
      `${tampered} cadeia ${chainName(chain)}, nº ${seq} (registro ${row}): o conteúdo ou o encadeamento foi alterado.`,
    sequence: (chain: number, seq: number, row: string) =>
      `${tampered} cadeia ${chainName(chain)}, nº ${seq} (registro ${row}): fora da sequência, um registro foi removido ou inserido antes dele.`,
    missing: (chain: number, seq: number, row: string) =>
      `${tampered} cadeia ${chainName(chain)}, nº ${seq}: o registro ${row} foi apagado.`,
    unlinked: (chain: number, row: string) =>
      `${tampered} o registro ${row} (cadeia ${chainName(chain)}) não está encadeado: foi gravado por fora do portal.`,
    truncated: (chain: number, seq: number, publishedSeq: number) =>
      `${tampered} a cadeia ${chainName(chain)} termina no nº ${seq}, antes do topo publicado nº ${publishedSeq}: registros do fim foram removidos.`,
    rechained: (chain: number, publishedSeq: number) =>
      `${tampered} a cadeia ${chainName(chain)} difere do topo publicado no nº ${publishedSeq}: foi refeita a partir de um ponto anterior.`,
  },
};
