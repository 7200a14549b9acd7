/// The secret every web request must carry: 256 bits from the system's random
/// generator (`getrandom`), new at every daemon start (unless ``WebTokenFile`` keeps
/// one), written as 64 hex digits.
struct WebToken: Sendable, CustomStringConvertible {
    let description: String
    private let bytes: [UInt8]

    /// A new random token.
    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The token written as 64 hexadecimal digits (either case), as ``description`` writes it; nil for anything else.
    init?(hexDigits text: some StringProtocol) {
        let digits = Array(text.lowercased().utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.value(of: digits[index]), let low = Self.value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    init(bytes: [UInt8]) {
        self.bytes = Array(bytes.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
        }.joined())
        description = String(decoding: self.bytes, as: UTF8.self)
    }

    /// Whether `candidate` is the token, in time that does not depend on where they
    /// first differ (so the token cannot be guessed a digit at a time by timing).
    func matches(_ candidate: some StringProtocol) -> Bool {
        let candidate = Array(candidate.utf8)
        // The length is no secret (every token has 64 digits): only the digits are compared in constant time.
        var difference: UInt8 = candidate.count == bytes.count ? 0 : 1
        for index in bytes.indices {
            difference |= bytes[index] ^ (index < candidate.count ? candidate[index] : 0)
        }
        return difference == 0
    }
}
