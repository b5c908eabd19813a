import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { parseHardenedPath, slip10Ed25519 } from './slip10Ed25519.ts'

// The ed25519 test vectors of the SLIP-0010 specification
// (https://github.com/satoshilabs/slips/blob/master/slip-0010.md, "Test vector 1/2 for ed25519").
const VECTORS: { seed: string; chains: [number[], string, string][] }[] = [
  {
    seed: '000102030405060708090a0b0c0d0e0f',
    chains: [
      [
        [],
        '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
        '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
      ],
      [
        [0],
        '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
        '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
      ],
      [
        [0, 1],
        'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
        'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
      ],
      [
        [0, 1, 2],
        '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
        '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
      ],
      [
        [0, 1, 2, 2],
        '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
        '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
      ],
      [
        [0, 1, 2, 2, 1000000000],
        '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
        '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
      ],
    ],
  },
  {
    seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
    chains: [
      [
        [],
        'ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b',
        '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012',
      ],
      [
        [0],
        '0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d',
        '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635',
      ],
      [
        [0, 2147483647],
        '138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f',
        'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4',
      ],
      [
        [0, 2147483647, 1, 2147483646, 2],
        '5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4',
        '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d',
      ],
    ],
  },
]

describe('slip10Ed25519', () => {
  for (const { seed, chains } of VECTORS) {
    for (const [path, chainCode, privateKey] of chains) {
      it(`matches the SLIP-0010 vector for seed ${seed.slice(0, 8)}… at m/${path.map((i) => `${i}H`).join('/')}`, () => {
        const node = slip10Ed25519(hexToBytes(seed), path)
        expect(bytesToHex(node.chainCode)).toBe(chainCode)
        expect(bytesToHex(node.privateKey)).toBe(privateKey)
      })
    }
  }

  it('refuses indices that are not below 2^31 (they would alias hardened ones)', () => {
    expect(() => slip10Ed25519(new Uint8Array(16), [2 ** 31])).toThrow(RangeError)
    expect(() => slip10Ed25519(new Uint8Array(16), [-1])).toThrow(RangeError)
  })
})

describe('parseHardenedPath', () => {
  it('parses the Solana path and refuses unhardened segments, which ed25519 does not have', () => {
    expect(parseHardenedPath("m/44'/501'/0'/0'")).toEqual([44, 501, 0, 0])
    expect(() => parseHardenedPath("m/44'/501'/0'/0")).toThrow('not a hardened index: 0')
    expect(() => parseHardenedPath("44'/501'")).toThrow('path must start with m')
  })
})
