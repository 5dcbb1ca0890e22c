/// SHA-256 and SHA-512 (FIPS 180-4), written here because Linux has no CryptoKit and
/// the package takes no dependencies. Core Data's entity version hashes are SHA-256
/// digests; its model digest (`NSStoreModelVersionHashesDigest`) is a SHA-512.
///
/// Cost: one pass over the bytes, 64 (SHA-256) or 80 (SHA-512) rounds per block.
package enum SHA256 {
    /// The 32-byte digest of `bytes`.
    package static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        algorithm.digest(Array(bytes))
    }
}

/// SHA-512; see ``SHA256``.
package enum SHA512 {
    /// The 64-byte digest of `bytes`.
    package static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        algorithm.digest(Array(bytes))
    }
}

/// One member of the SHA-2 family: its word size, initial state, round constants and
/// rotation amounts; the algorithm is the same for all.
struct SHA2<Word: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
    let initialState: [Word]
    let constants: [Word]
    /// Rotations and shift of σ0 and σ1 (message schedule), rotations of Σ0 and Σ1.
    let sigma0: (Int, Int, Int)
    let sigma1: (Int, Int, Int)
    let sum0: (Int, Int, Int)
    let sum1: (Int, Int, Int)

    private var wordBytes: Int { Word.bitWidth / 8 }

    func digest(_ bytes: [UInt8]) -> [UInt8] {
        var state = initialState
        let blockSize = wordBytes * 16
        let message = padded(bytes, blockSize: blockSize)
        var words = [Word](repeating: 0, count: constants.count)
        for block in stride(from: 0, to: message.count, by: blockSize) {
            for index in 0..<16 {
                let start = block + index * wordBytes
                words[index] = message[start..<start + wordBytes].reduce(0) { $0 << 8 | Word($1) }
            }
            for index in 16..<constants.count {
                let low = words[index - 15]
                let high = words[index - 2]
                let small0 =
                    low.rotatedRight(sigma0.0) ^ low.rotatedRight(sigma0.1) ^ (low >> sigma0.2)
                let small1 =
                    high.rotatedRight(sigma1.0) ^ high.rotatedRight(sigma1.1) ^ (high >> sigma1.2)
                words[index] = words[index - 16] &+ small0 &+ words[index - 7] &+ small1
            }
            compress(&state, words)
        }
        return state.flatMap { word in
            (0..<wordBytes).map { UInt8(truncatingIfNeeded: word >> ((wordBytes - 1 - $0) * 8)) }
        }
    }

    private func compress(_ state: inout [Word], _ words: [Word]) {
        var (a, b, c, d, e, f, g, h) = (
            state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
        )
        for index in 0..<constants.count {
            let big1 = e.rotatedRight(sum1.0) ^ e.rotatedRight(sum1.1) ^ e.rotatedRight(sum1.2)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ big1 &+ choice &+ constants[index] &+ words[index]
            let big0 = a.rotatedRight(sum0.0) ^ a.rotatedRight(sum0.1) ^ a.rotatedRight(sum0.2)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ big0 &+ majority)
        }
        for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
    }

    /// The message, a 1 bit, zeros, then its bit length in two words.
    private func padded(_ bytes: [UInt8], blockSize: Int) -> [UInt8] {
        var message = bytes
        message.append(0x80)
        let lengthBytes = wordBytes * 2
        while (message.count + lengthBytes) % blockSize != 0 { message.append(0) }
        let bits = UInt64(bytes.count) &* 8
        message += [UInt8](repeating: 0, count: lengthBytes - 8)
        message += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - $0 * 8)) }
        return message
    }
}

extension SHA256 {
    static let algorithm = SHA2<UInt32>(
        initialState: [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
            0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ],
        constants: sha256Constants, sigma0: (7, 18, 3), sigma1: (17, 19, 10),
        sum0: (2, 13, 22), sum1: (6, 11, 25))

    private static let sha256Constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1,
        0x923f_82a4, 0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3,
        0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786,
        0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147,
        0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13,
        0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
        0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a,
        0x5b9c_ca4f, 0x682e_6ff3, 0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208,
        0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

}

extension SHA512 {
    static let algorithm = SHA2<UInt64>(
        initialState: [
            0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b,
            0xa54f_f53a_5f1d_36f1, 0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f,
            0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179,
        ],
        constants: sha512Constants, sigma0: (1, 8, 7), sigma1: (19, 61, 6),
        sum0: (28, 34, 39), sum1: (14, 18, 41))

    private static let sha512Constants: [UInt64] = [
        0x428a_2f98_d728_ae22, 0x7137_4491_23ef_65cd, 0xb5c0_fbcf_ec4d_3b2f, 0xe9b5_dba5_8189_dbbc,
        0x3956_c25b_f348_b538, 0x59f1_11f1_b605_d019, 0x923f_82a4_af19_4f9b, 0xab1c_5ed5_da6d_8118,
        0xd807_aa98_a303_0242, 0x1283_5b01_4570_6fbe, 0x2431_85be_4ee4_b28c, 0x550c_7dc3_d5ff_b4e2,
        0x72be_5d74_f27b_896f, 0x80de_b1fe_3b16_96b1, 0x9bdc_06a7_25c7_1235, 0xc19b_f174_cf69_2694,
        0xe49b_69c1_9ef1_4ad2, 0xefbe_4786_384f_25e3, 0x0fc1_9dc6_8b8c_d5b5, 0x240c_a1cc_77ac_9c65,
        0x2de9_2c6f_592b_0275, 0x4a74_84aa_6ea6_e483, 0x5cb0_a9dc_bd41_fbd4, 0x76f9_88da_8311_53b5,
        0x983e_5152_ee66_dfab, 0xa831_c66d_2db4_3210, 0xb003_27c8_98fb_213f, 0xbf59_7fc7_beef_0ee4,
        0xc6e0_0bf3_3da8_8fc2, 0xd5a7_9147_930a_a725, 0x06ca_6351_e003_826f, 0x1429_2967_0a0e_6e70,
        0x27b7_0a85_46d2_2ffc, 0x2e1b_2138_5c26_c926, 0x4d2c_6dfc_5ac4_2aed, 0x5338_0d13_9d95_b3df,
        0x650a_7354_8baf_63de, 0x766a_0abb_3c77_b2a8, 0x81c2_c92e_47ed_aee6, 0x9272_2c85_1482_353b,
        0xa2bf_e8a1_4cf1_0364, 0xa81a_664b_bc42_3001, 0xc24b_8b70_d0f8_9791, 0xc76c_51a3_0654_be30,
        0xd192_e819_d6ef_5218, 0xd699_0624_5565_a910, 0xf40e_3585_5771_202a, 0x106a_a070_32bb_d1b8,
        0x19a4_c116_b8d2_d0c8, 0x1e37_6c08_5141_ab53, 0x2748_774c_df8e_eb99, 0x34b0_bcb5_e19b_48a8,
        0x391c_0cb3_c5c9_5a63, 0x4ed8_aa4a_e341_8acb, 0x5b9c_ca4f_7763_e373, 0x682e_6ff3_d6b2_b8a3,
        0x748f_82ee_5def_b2fc, 0x78a5_636f_4317_2f60, 0x84c8_7814_a1f0_ab72, 0x8cc7_0208_1a64_39ec,
        0x90be_fffa_2363_1e28, 0xa450_6ceb_de82_bde9, 0xbef9_a3f7_b2c6_7915, 0xc671_78f2_e372_532b,
        0xca27_3ece_ea26_619c, 0xd186_b8c7_21c0_c207, 0xeada_7dd6_cde0_eb1e, 0xf57d_4f7f_ee6e_d178,
        0x06f0_67aa_7217_6fba, 0x0a63_7dc5_a2c8_98a6, 0x113f_9804_bef9_0dae, 0x1b71_0b35_131c_471b,
        0x28db_77f5_2304_7d84, 0x32ca_ab7b_40c7_2493, 0x3c9e_be0a_15c9_bebc, 0x431d_67c4_9c10_0d4c,
        0x4cc5_d4be_cb3e_42b6, 0x597f_299c_fc65_7e2a, 0x5fcb_6fab_3ad6_faec, 0x6c44_198c_4a47_5817,
    ]

}

extension FixedWidthInteger {
    /// The bits rotated right by `count`.
    func rotatedRight(_ count: Int) -> Self {
        (self >> count) | (self << (Self.bitWidth - count))
    }
}
