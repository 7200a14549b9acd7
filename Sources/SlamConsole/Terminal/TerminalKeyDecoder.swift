/// Turns the bytes a terminal sends in raw mode into ``TerminalInput``s: keys,
/// escape sequences (CSI and SS3 arrows, `ESC [ Z` for Shift+Tab), UTF-8
/// characters and SGR mouse reports. A sequence cut between two reads is kept
/// until the rest arrives; a lone `ESC` at the end of a read is the Escape key.
public struct TerminalKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The inputs in `bytes` (with whatever an earlier read left unfinished).
    public mutating func decode(_ bytes: [UInt8]) -> [TerminalInput] {
        let input = pending + bytes
        pending = []
        var inputs: [TerminalInput] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                guard index + 1 < input.count else {
                    inputs.append(.key("Escape"))
                    index += 1
                    continue
                }
                let next = input[index + 1]
                if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
                    guard let (decoded, length) = sequence(input, from: index) else {
                        pending = Array(input[index...])  // unfinished: wait for the rest
                        return inputs
                    }
                    if let decoded { inputs.append(decoded) }
                    index += length
                } else if next == 0x1B {
                    inputs.append(.key("Escape"))
                    index += 1
                } else {
                    // Alt+key: the key alone.
                    inputs.append(.key("Escape"))
                    index += 1
                }
            case 0x09: inputs.append(.key("Tab")); index += 1
            case 0x0D, 0x0A: inputs.append(.key("Enter")); index += 1
            case 0x7F, 0x08: inputs.append(.key("Backspace")); index += 1
            case 0x03: inputs.append(.interrupt); index += 1
            case 0x04, 0x11: inputs.append(.quit); index += 1
            case 0x0C: inputs.append(.repaint); index += 1
            case 0x00..<0x20: index += 1  // other control characters mean nothing here
            default:
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return inputs
                }
                if let text = String(validating: input[index..<index + length], as: UTF8.self) {
                    inputs.append(.key(text))
                }
                index += length
            }
        }
        return inputs
    }

    /// A CSI or SS3 sequence at `start`: what it means (nil: nothing we use) and its length; nil when unfinished.
    private func sequence(_ input: [UInt8], from start: Int) -> (TerminalInput?, Int)? {
        let introducer = input[start + 1]
        var index = start + 2
        if introducer == UInt8(ascii: "O") {
            guard index < input.count else { return nil }
            return (arrow(input[index]), 3)
        }
        // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final byte 0x40–0x7E.
        while index < input.count, (0x20...0x3F).contains(input[index]) { index += 1 }
        guard index < input.count else { return nil }
        let final = input[index]
        let parameters = String(decoding: input[(start + 2)..<index], as: UTF8.self)
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else { return (nil, length) }
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let numbers = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3, final == UInt8(ascii: "M") else { return (nil, length) }
            let button = numbers[0]
            if button & 64 != 0 { return (.wheel(button & 1 == 0 ? -1 : 1), length) }
            guard button & 32 == 0, button & 3 == 0 else { return (nil, length) }  // motion, other buttons
            return (.click(row: numbers[2] - 1, column: numbers[1] - 1), length)
        }
        if final == UInt8(ascii: "Z") { return (.key("Shift+Tab"), length) }
        if final == UInt8(ascii: "~") && parameters == "3" { return (.key("Backspace"), length) }  // Delete
        return (arrow(final), length)
    }

    private func arrow(_ final: UInt8) -> TerminalInput? {
        switch final {
        case UInt8(ascii: "A"): .key("ArrowUp")
        case UInt8(ascii: "B"): .key("ArrowDown")
        case UInt8(ascii: "C"): .key("ArrowRight")
        case UInt8(ascii: "D"): .key("ArrowLeft")
        default: nil
        }
    }
}
