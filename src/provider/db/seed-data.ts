// Word lists for the demo generator: common Brazilian names and real city/district/postal-code prefixes.

export const MALE_NAMES = [
  'João', 'José', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Rodrigo', 'Gustavo',
  'Fernando', 'Ricardo', 'André', 'Thiago', 'Leonardo', 'Mateus', 'Vinícius', 'Henrique', 'Diego', 'Sérgio',
] as const;

export const FEMALE_NAMES = [
  'Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia', 'Aline',
  'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia', 'Luciana', 'Vanessa', 'Mariana',
  'Gabriela', 'Beatriz', 'Larissa', 'Cláudia', 'Carla', 'Renata', 'Simone', 'Débora', 'Tatiane', 'Raquel',
] as const;

export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Correia', 'Pinto', 'Monteiro', 'Batista',
] as const;

export const STREETS = [
  'Rua das Flores', 'Avenida Brasil', 'Rua Sete de Setembro', 'Rua XV de Novembro', 'Avenida Getúlio Vargas',
  'Rua Barão do Rio Branco', 'Rua Tiradentes', 'Avenida Santos Dumont', 'Rua Dom Pedro II', 'Rua José Bonifácio',
  'Rua Marechal Deodoro', 'Avenida Presidente Vargas', 'Rua Padre Anchieta', 'Rua Rui Barbosa', 'Rua São Paulo',
  'Avenida Independência', 'Rua Duque de Caxias', 'Rua Visconde de Mauá', 'Rua Castro Alves', 'Rua Bento Gonçalves',
] as const;

export interface CityData {
  city: string;
  state: string;
  ddd: string;
  /** The first five digits of the city's CEPs; the generator appends three. */
  zipPrefixes: readonly string[];
  districts: readonly string[];
}

export const CITIES: readonly CityData[] = [
  { city: 'São Paulo', state: 'SP', ddd: '11', zipPrefixes: ['01310', '04538', '05422', '03310'], districts: ['Bela Vista', 'Pinheiros', 'Moema', 'Tatuapé', 'Vila Mariana'] },
  { city: 'Rio de Janeiro', state: 'RJ', ddd: '21', zipPrefixes: ['22041', '20040', '22250', '22775'], districts: ['Copacabana', 'Centro', 'Botafogo', 'Tijuca', 'Barra da Tijuca'] },
  { city: 'Belo Horizonte', state: 'MG', ddd: '31', zipPrefixes: ['30130', '30140', '31270'], districts: ['Savassi', 'Funcionários', 'Pampulha', 'Lourdes'] },
  { city: 'Curitiba', state: 'PR', ddd: '41', zipPrefixes: ['80010', '80240', '82010'], districts: ['Batel', 'Centro', 'Água Verde', 'Bigorrilho'] },
  { city: 'Porto Alegre', state: 'RS', ddd: '51', zipPrefixes: ['90010', '90570', '91330'], districts: ['Moinhos de Vento', 'Menino Deus', 'Petrópolis', 'Centro Histórico'] },
  { city: 'Salvador', state: 'BA', ddd: '71', zipPrefixes: ['40015', '41820', '40140'], districts: ['Barra', 'Pituba', 'Itaigara', 'Rio Vermelho'] },
  { city: 'Recife', state: 'PE', ddd: '81', zipPrefixes: ['50030', '51020', '52050'], districts: ['Boa Viagem', 'Espinheiro', 'Graças', 'Casa Forte'] },
  { city: 'Fortaleza', state: 'CE', ddd: '85', zipPrefixes: ['60160', '60115', '60810'], districts: ['Aldeota', 'Meireles', 'Cocó', 'Fátima'] },
  { city: 'Goiânia', state: 'GO', ddd: '62', zipPrefixes: ['74110', '74230', '74810'], districts: ['Setor Bueno', 'Setor Marista', 'Setor Oeste'] },
  { city: 'Campinas', state: 'SP', ddd: '19', zipPrefixes: ['13010', '13025', '13083'], districts: ['Cambuí', 'Taquaral', 'Barão Geraldo', 'Centro'] },
];

export const COMPLEMENTS = ['Apto 101', 'Apto 32', 'Casa 2', 'Bloco B', 'Sala 4', 'Fundos'] as const;
