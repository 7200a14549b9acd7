#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a template placeholder shows its value, written after a colon:
/// `{total:.2f}`, `{count:,d}`, `{share:.1%}`. A subset of Python's
/// format-spec mini-language, so it reads as Python's `format()` does:
///
///     [[fill]align][sign][0][width][grouping][.precision][type]
///
/// - `align`: `<` left, `>` right, `^` centred, `=` padding after the sign
///   (numbers); `fill` is the character that pads (a space unless given).
///   Numbers align right and text left by default.
/// - `sign`: `-` only for negative numbers (the default), `+` for every number,
///   a space for a space before non-negative ones.
/// - `0`: pads a number with zeros after its sign (`{n:05d}` shows `00042`).
/// - `width`: the fewest characters the value takes (at most 1000).
/// - `grouping`: `,` or `_` between each three digits of the whole part.
/// - `.precision`: digits after the point (at most 100); it needs a type `f`, `e` or `%`.
/// - `type`: `d` a whole number (a fraction rounds to the nearest, halves to
///   even), `f` fixed decimals (6 unless `.precision` says), `e` exponent
///   notation, `%` a percentage (times 100, fixed, then `%`); none shows the
///   number as it reads without a format (`2`, `2.5`).
///
/// Fill, align and width apply to whatever the value shows. The rest applies to
/// numbers, and to text that reads as a number (a text field's `"12.5"`); any
/// other value (text, a boolean, a list, null) shows as it does without a format.
/// Text that reads as a number stays text under a format of fill, align and width alone.
public struct FormatSpec: Hashable, Sendable {
    /// Where the value sits within ``width``: left, right, centred, or padded after its sign.
    public enum Alignment: Character, Hashable, Sendable {
        case left = "<", right = ">", center = "^", afterSign = "="
    }

    /// Which numbers show a sign: only negative ones, every one, or a space before non-negative ones.
    public enum Sign: Character, Hashable, Sendable {
        case negativeOnly = "-", always = "+", space = " "
    }

    /// How a number is written: whole (`d`), fixed decimals (`f`), exponent (`e`) or percentage (`%`).
    public enum Kind: Character, Hashable, Sendable {
        case wholeNumber = "d", fixed = "f", exponent = "e", percent = "%"
    }

    /// The spec as written (`",.2f"`).
    public let text: String
    /// The character that pads the value up to ``width`` (a space, or `0` with the `0` flag).
    public var fill: Character = " "
    /// Where the value sits within ``width``; nil aligns numbers right and text left.
    public var alignment: Alignment?
    /// Which numbers show a sign (by default only negative ones).
    public var sign: Sign = .negativeOnly
    /// The `0` flag: pad with zeros (after the sign, for a number that gives no alignment).
    public var zeroPadding = false
    /// The fewest characters the value takes, padded with ``fill``; 0 means no padding.
    public var width = 0
    /// The separator (`,` or `_`) written between each three digits of the whole part; nil for none.
    public var grouping: Character?
    /// Digits after the point for `f`, `e` and `%`; nil for the type's default (6 for `f`).
    public var precision: Int?
    /// How a number is written; nil shows it as it reads without a format (`2`, `2.5`).
    public var kind: Kind?

    /// The largest ``width`` a spec may give.
    public static let widthLimit = 1000
    /// The largest ``precision`` a spec may give.
    public static let precisionLimit = 100

    /// Whether anything but fill, align and width is written: the parts that only numbers take.
    public var formatsNumbers: Bool {
        kind != nil || precision != nil || grouping != nil || sign != .negativeOnly || alignment == .afterSign || zeroPadding
    }

    /// Reads a spec as written after the colon (`".2f"`, `",d"`, `">8"`); empty is no format.
    ///
    /// - Throws: ``FormatSpecError`` saying what is wrong and what is allowed.
    public init(parsing text: String) throws(FormatSpecError) {
        self.text = text
        var characters = Array(text)[...]
        func take(_ allowed: (Character) -> Bool) -> Character? {
            guard let first = characters.first, allowed(first) else { return nil }
            characters.removeFirst()
            return first
        }
        func digits() -> Int? {
            var value: Int?
            while let digit = take({ $0.isASCII && $0.isNumber }) {
                value = min((value ?? 0) * 10 + digit.wholeNumberValue!, Int(Int32.max))
            }
            return value
        }
        var explicitFill = false
        if characters.count >= 2, let alignment = Alignment(rawValue: characters[characters.startIndex + 1]) {
            fill = characters.removeFirst()
            explicitFill = true
            characters.removeFirst()
            self.alignment = alignment
        } else if let first = characters.first, let alignment = Alignment(rawValue: first) {
            characters.removeFirst()
            self.alignment = alignment
        }
        if let sign = take({ Sign(rawValue: $0) != nil }) { self.sign = Sign(rawValue: sign)! }
        if take({ $0 == "0" }) != nil {
            zeroPadding = true
            if !explicitFill { fill = "0" }
        }
        if let width = digits() {
            guard width <= Self.widthLimit else { throw .tooWide(spec: text, width: width) }
            self.width = width
        }
        if let grouping = take({ $0 == "," || $0 == "_" }) {
            if take({ $0 == "," || $0 == "_" }) != nil { throw .twoGroupings(spec: text) }
            self.grouping = grouping
        }
        if take({ $0 == "." }) != nil {
            guard let precision = digits() else { throw .precisionWithoutDigits(spec: text) }
            guard precision <= Self.precisionLimit else { throw .tooPrecise(spec: text, precision: precision) }
            self.precision = precision
        }
        if let type = characters.first {
            guard let kind = Kind(rawValue: type) else { throw .unknownType(spec: text, type: type) }
            characters.removeFirst()
            self.kind = kind
        }
        guard characters.isEmpty else { throw .unexpectedCharacters(spec: text, rest: String(characters)) }
        if kind == .wholeNumber, precision != nil { throw .precisionOnWholeNumber(spec: text) }
        if kind == nil, precision != nil { throw .precisionWithoutType(spec: text) }
    }

    /// `value` as the spec shows it.
    public func format(_ value: StateValue) -> String {
        // Text stays text unless the format is one for numbers (`{code:>5}` keeps "007" as written).
        let number = value.stringValue == nil || formatsNumbers ? Self.number(value) : nil
        guard let number else { return pad(value.text, defaultAlignment: .left) }
        var body = digits(of: number)
        var negative = false
        if body.hasPrefix("-") {
            negative = true
            body.removeFirst()
        }
        let signText = negative ? "-" : sign == .always ? "+" : sign == .space ? " " : ""
        let suffix = kind == .percent ? "%" : ""
        let wholeEnd = body.firstIndex { !$0.isNumber } ?? body.endIndex
        var whole = String(body[..<wholeEnd])
        let rest = String(body[wholeEnd...]) + suffix
        let numberAlignment: Alignment = zeroPadding ? .afterSign : .right
        let zeroPadded = fill == "0" && (alignment ?? numberAlignment) == .afterSign
        guard let grouping, whole.allSatisfy(\.isNumber) else {
            return pad(signText, whole + rest, defaultAlignment: numberAlignment)
        }
        if zeroPadded {
            // Zeros that pad a grouped number are grouped too, as Python's `{n:010,}` does: the fewest
            // digits whose grouped form fills the width, worked out before any text is built (a client's
            // `{n:01000,}` must cost one grouping, not one per zero).
            let target = width - signText.count - rest.count
            var count = whole.count
            while count + max(count - 1, 0) / 3 < target { count += 1 }
            whole = String(repeating: "0", count: count - whole.count) + whole
        }
        return pad(signText, Self.group(whole, with: grouping) + rest, defaultAlignment: numberAlignment)
    }

    /// The number a value stands for to a format: a number, or text that reads as one (nil for anything else).
    public static func number(_ value: StateValue) -> StateValue? {
        switch value {
        case .integer, .double: return value
        case .string(let text):
            let trimmed = text.trimmingWhitespace
            guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }),
                  trimmed.contains(where: \.isNumber) else { return nil }
            if let integer = Int(trimmed) { return .integer(integer) }
            if let double = Double(trimmed), double.isFinite { return .double(double) }
            return nil
        default:
            return nil
        }
    }

    /// The number written by the type, with a leading `-` when negative, before sign, grouping and padding.
    private func digits(of number: StateValue) -> String {
        let double = number.doubleValue ?? 0
        switch kind {
        case nil:
            return number.text
        case .wholeNumber:
            if case .integer(let integer) = number { return String(integer) }
            return Self.printf("%.0f", precision: 0, double)
        case .fixed:
            return Self.printf("%.*f", precision: precision ?? 6, double)
        case .exponent:
            return Self.printf("%.*e", precision: precision ?? 6, double)
        case .percent:
            return Self.printf("%.*f", precision: precision ?? 6, double * 100)
        }
    }

    private func pad(_ text: String, defaultAlignment: Alignment) -> String {
        pad("", text, defaultAlignment: defaultAlignment)
    }

    /// Sign and body padded to the width; `=` puts the padding between them.
    private func pad(_ signText: String, _ body: String, defaultAlignment: Alignment) -> String {
        // Python counts code points.
        let missing = width - signText.unicodeScalars.count - body.unicodeScalars.count
        guard missing > 0 else { return signText + body }
        let padding = { (count: Int) in String(repeating: fill, count: count) }
        switch alignment ?? defaultAlignment {
        case .left: return signText + body + padding(missing)
        case .right: return padding(missing) + signText + body
        case .center: return padding(missing / 2) + signText + body + padding(missing - missing / 2)
        case .afterSign: return signText + padding(missing) + body
        }
    }

    private static func group(_ digits: String, with separator: Character) -> String {
        var grouped = ""
        let count = digits.count  // counted once: a String counts by walking it
        for (index, digit) in digits.enumerated() {
            if index > 0, (count - index) % 3 == 0 { grouped.append(separator) }
            grouped.append(digit)
        }
        return grouped
    }

    /// C's correctly rounded conversions: the same digits as Python's `format()`.
    private static func printf(_ format: String, precision: Int, _ value: Double) -> String {
        let arguments: [CVarArg] = format.contains("*") ? [Int32(precision), value] : [value]
        let length = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
        guard length > 0 else { return String(value) }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        _ = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList(arguments) { vsnprintf(pointer.baseAddress, pointer.count, format, $0) }
        }
        let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A host program that set a locale (LC_NUMERIC) would get its decimal comma: formats always write a point.
        guard let point = localeconv()?.pointee.decimal_point.map({ String(cString: $0) }), point != "." else { return text }
        return text.replacing(point, with: ".")
    }
}

/// A format spec that cannot be read, with what is allowed.
public enum FormatSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownType(spec: String, type: Character)
    case unexpectedCharacters(spec: String, rest: String)
    case twoGroupings(spec: String)
    case precisionWithoutDigits(spec: String)
    case precisionWithoutType(spec: String)
    case precisionOnWholeNumber(spec: String)
    case tooWide(spec: String, width: Int)
    case tooPrecise(spec: String, precision: Int)

    /// What is wrong with the spec and what is allowed, for an error message.
    public var description: String {
        switch self {
        case let .unknownType(spec, type):
            "format '\(spec)': '\(type)' is not a format type; types: d (whole number), f (fixed decimals), e (exponent), % (percent)"
        case let .unexpectedCharacters(spec, rest):
            "format '\(spec)': '\(rest)' is not understood (formats are [[fill]align][sign][0][width][,|_][.precision][d|f|e|%], as .2f or ,d)"
        case let .twoGroupings(spec): "format '\(spec)': use one grouping, ',' or '_'"
        case let .precisionWithoutDigits(spec): "format '\(spec)': the '.' needs the number of digits after it (.2f)"
        case let .precisionWithoutType(spec): "format '\(spec)': a precision needs a type after it: f, e or % (.2f)"
        case let .precisionOnWholeNumber(spec): "format '\(spec)': a whole number (d) takes no precision; for decimals use f (.2f)"
        case let .tooWide(spec, width): "format '\(spec)': a width of \(width) is more than \(FormatSpec.widthLimit)"
        case let .tooPrecise(spec, precision): "format '\(spec)': a precision of \(precision) is more than \(FormatSpec.precisionLimit)"
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
