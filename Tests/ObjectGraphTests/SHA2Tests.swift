import Testing

@testable import ObjectGraph

/// FIPS 180-4 / NIST example vectors, and messages of 0, 1, ... n-1 around each padding
/// boundary (55/56 and 63/64 bytes for SHA-256, 111/112 and 127/128 for SHA-512),
/// whose digests come from Python's hashlib.
@Suite struct SHA2Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String
        let message: [UInt8]
        let sha256: String
        let sha512: String
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        Vector(
            name: "empty", message: [],
            sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            sha512: "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
        Vector(
            name: "abc", message: Array("abc".utf8),
            sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            sha512: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
        Vector(
            name: "448 bits",
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            sha256: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            sha512: "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
                + "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"),
        Vector(
            name: "1000 a", message: [UInt8](repeating: 0x61, count: 1000),
            sha256: "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3",
            sha512: "67ba5535a46e3f86dbfbed8cbbaf0125c76ed549ff8b0b9e03e0c88cf90fa634"
                + "fa7b12b47d77b694de488ace8d9a65967dc96df599727d3292a8d9d447709c97"),
        Vector(
            name: "bytes 0..<55", message: Array(0..<55),
            sha256: "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59",
            sha512: "6856647f269c2ee3d8128f0b25427659d880641ef343300dd3cd4679168f58d6"
                + "527fda70b4ebc854e2065e172b7d58c1536992c0810599259ba84a2b40c65414"),
        Vector(
            name: "bytes 0..<56", message: Array(0..<56),
            sha256: "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562",
            sha512: "8b12b2f6fe400a51d29656e2b8c42a1bbfe6fcf3e425da430db05d1a2dda1479"
                + "0dee20fa8b22d8762afffe4988a5c98a4430d22a17e41e23d90fa61ab75671a9"),
        Vector(
            name: "bytes 0..<63", message: Array(0..<63),
            sha256: "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488",
            sha512: "9dc9c5598e55dc42955695320839788e353f1d7f6ba74df74c80a8a52f463c06"
                + "97f57f68835d1418f4ce9b6530cd79bd0f4c6f7e13c93feb1218c0b65c2c0561"),
        Vector(
            name: "bytes 0..<64", message: Array(0..<64),
            sha256: "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108",
            sha512: "ee4320ebaf3fdb4f2c832b137200c08e235e0fa7bbd0eb1740c7063ba8a0d151"
                + "da77e003398e1714a955d475b05e3e950b639503b452ec185de4229bc4873949"),
        Vector(
            name: "bytes 0..<111", message: Array(0..<111),
            sha256: "60780e9451bdc43cf4530ffc95cbb0c4eb24dae2c39f55f334d679e076c08065",
            sha512: "a1a111449b198d9b1f538bad7f3fc1022b3a5b1a5e90a0bc860de8512746cbc3"
                + "1599e6c834de3a3235327af0b51ff57bf7acf1974a73014d9c3953812edc7c8d"),
        Vector(
            name: "bytes 0..<112", message: Array(0..<112),
            sha256: "09373f127d34e61dbbaa8bc4499c87074f2ddb10e1b465f506d7d70a15011979",
            sha512: "c5fbd731d19d2ae1180f001be72c2c1aaba1d7b094b3748880e24593b8e117a7"
                + "50e11c1bd867cc2f96dace8c8b74abd2d5c4f236be444e77d30d1916174070b9"),
        Vector(
            name: "bytes 0..<127", message: Array(0..<127),
            sha256: "92ca0fa6651ee2f97b884b7246a562fa71250fedefe5ebf270d31c546bfea976",
            sha512: "eab89674feaa34e27aebeeff3c0a4d70070bb872d5e9f186cf1dbbdee517b6e3"
                + "5724d629ff025a5b07185e911ada7e3c8acf830aa0e4f71777bd2d44f504f7f0"),
        Vector(
            name: "bytes 0..<128", message: Array(0..<128),
            sha256: "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5",
            sha512: "1dffd5e3adb71d45d2245939665521ae001a317a03720a45732ba1900ca3b835"
                + "1fc5c9b4ca513eba6f80bc7b1d1fdad4abd13491cb824d61b08d8c0e1561b3f7"),
    ]

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("SHA-256 and SHA-512 match the published vectors", arguments: vectors)
    func vector(_ vector: Vector) {
        #expect(hex(SHA256.digest(vector.message)) == vector.sha256)
        #expect(hex(SHA512.digest(vector.message)) == vector.sha512)
    }
}
