/// What a ``DatePicker`` shows and takes: a date, a time of day, or both.
public enum DatePickerMode: String, CaseIterable, Hashable, Sendable {
    /// A calendar day, written `2026-11-23`.
    case date
    /// A time of day, written `14:30:00`.
    case time
    /// A moment, written `2026-11-23T14:30:00Z`.
    case dateAndTime
}

/// A date, a time of day or a date-time read from ISO 8601 text, in UTC, to the
/// whole second, without Foundation.
///
/// Every value is UTC. The reader takes a date (`2026-11-23`), a time
/// (`14:30`, `14:30:00`), or a date-time joined by `T` (`2026-11-23T14:30:00Z`),
/// with seconds optional, fractions of a second ignored (`14:30:05.75` is
/// `14:30:05`), and a `Z` or `±hh:mm` offset or none (taken as UTC); an offset
/// is converted to UTC (`2026-11-23T01:30+02:00` is `2026-11-22T23:30:00Z`).
/// Years are four digits, `0000`–`9999` (the proleptic Gregorian calendar),
/// also after the offset is applied; the leap second `60` and `24:00` are refused.
///
/// The writer (``format(_:as:)``) writes the three forms a date picker reports:
/// `2026-11-23`, `14:30:00` and `2026-11-23T14:30:00Z`.
public struct DateTimeValue: Hashable, Sendable {
    /// Which parts the text had.
    public enum Parts: Hashable, Sendable {
        case date
        case time
        case dateAndTime
    }

    /// Why a text is not an ISO 8601 date, time or date-time.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text that could not be read.
        public let text: String
        /// What is wrong with it, e.g. a month out of range.
        public let reason: String

        /// A message for a person: the text, the reason and the accepted forms.
        public var description: String {
            "'\(text)' is not an ISO 8601 value (\(reason)); use \(DateTimeValue.acceptedFormats)"
        }
    }

    /// The accepted forms, for error messages.
    public static let acceptedFormats = "2026-11-23, 14:30:00 or 2026-11-23T14:30:00Z (seconds optional, a Z or ±hh:mm offset, or none for UTC)"

    /// Seconds in a day.
    public static let secondsPerDay = 86_400
    /// 0000-01-01T00:00:00Z, the earliest value, as seconds since the Unix epoch.
    public static let earliest = daysFromCivil(year: 0, month: 1, day: 1) * secondsPerDay
    /// 9999-12-31T23:59:59Z, the latest value, as seconds since the Unix epoch.
    public static let latest = daysFromCivil(year: 9999, month: 12, day: 31) * secondsPerDay + secondsPerDay - 1

    /// The parts the text had (a time-only text has no day).
    public let parts: Parts
    /// For a date or a date-time: seconds since 1970-01-01T00:00:00Z (a date is its midnight, UTC).
    /// For a time: seconds since midnight UTC, in `0..<86400`.
    public let seconds: Int

    /// A value from its parts and seconds (see ``seconds``); nothing is checked.
    public init(parts: Parts, seconds: Int) {
        self.parts = parts
        self.seconds = seconds
    }

    /// The value as a picker in `mode` holds it (see ``DatePicker/seconds``): a date-time
    /// loses its time in date mode and its date in time mode; nil when the text lacks
    /// what the mode needs (a time alone for a date, a date alone for a time).
    public func seconds(for mode: DatePickerMode) -> Int? {
        switch (mode, parts) {
        case (.time, .date), (.date, .time), (.dateAndTime, .time): nil
        case (.date, _): Self.startOfDay(seconds)
        case (.time, _): Self.timeOfDay(seconds)
        case (.dateAndTime, _): seconds
        }
    }

    // MARK: Writing

    /// `seconds` written as `mode` shows it: `2026-11-23`, `14:30:00` or `2026-11-23T14:30:00Z`.
    /// In time mode `seconds` is read as a time of day (wrapped into one day).
    /// Values outside years 0000–9999 are written at the nearest end of that range.
    public static func format(_ seconds: Int, as mode: DatePickerMode) -> String {
        switch mode {
        case .time:
            return timeText(timeOfDay(seconds))
        case .date:
            return dateText(floorDivide(min(max(seconds, earliest), latest), by: secondsPerDay))
        case .dateAndTime:
            let clamped = min(max(seconds, earliest), latest)
            return dateText(floorDivide(clamped, by: secondsPerDay)) + "T" + timeText(timeOfDay(clamped)) + "Z"
        }
    }

    private static func dateText(_ days: Int) -> String {
        let (year, month, day) = civilFromDays(days)
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2)
    }

    private static func timeText(_ secondOfDay: Int) -> String {
        digits(secondOfDay / 3600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2)
    }

    private static func digits(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    // MARK: Reading

    /// Reads an ISO 8601 date, time or date-time (see the type's description).
    ///
    /// - Throws: ``ParseError`` saying what is wrong and which forms are accepted.
    public static func parse(_ text: String) throws(ParseError) -> DateTimeValue {
        var reader = Reader(bytes: Array(text.utf8))
        func fail(_ reason: String) -> ParseError { ParseError(text: text, reason: reason) }

        var days: Int?
        // A date is four digits then '-'; a time is two digits then ':'.
        if reader.bytes.count >= 5, reader.bytes[4] == UInt8(ascii: "-") {
            guard let year = reader.number(digits: 4) else { throw fail("the year must be four digits") }
            reader.skip(UInt8(ascii: "-"))
            guard let month = reader.number(digits: 2) else { throw fail("the month must be two digits") }
            guard reader.skip(UInt8(ascii: "-")) else { throw fail("expected '-' after the month") }
            guard let day = reader.number(digits: 2) else { throw fail("the day must be two digits") }
            guard (1...12).contains(month) else { throw fail("month \(month) does not exist") }
            guard (1...daysInMonth(year: year, month: month)).contains(day) else {
                throw fail("\(digits(year, 4))-\(digits(month, 2)) has no day \(day)")
            }
            days = daysFromCivil(year: year, month: month, day: day)
            if reader.isAtEnd { return DateTimeValue(parts: .date, seconds: days! * secondsPerDay) }
            guard reader.skip(UInt8(ascii: "T")) || reader.skip(UInt8(ascii: "t")) else {
                throw fail("expected 'T' between the date and the time")
            }
        }

        if days == nil, reader.bytes.count < 3 || reader.bytes[2] != UInt8(ascii: ":") { throw fail("expected a date or a time") }
        guard let hour = reader.number(digits: 2) else { throw fail("the hour must be two digits") }
        guard reader.skip(UInt8(ascii: ":")) else { throw fail("expected ':' after the hour") }
        guard let minute = reader.number(digits: 2) else { throw fail("the minute must be two digits") }
        var second = 0
        if reader.skip(UInt8(ascii: ":")) {
            guard let value = reader.number(digits: 2) else { throw fail("the second must be two digits") }
            second = value
            if reader.skip(UInt8(ascii: ".")) || reader.skip(UInt8(ascii: ",")) {
                guard reader.skipDigits() > 0 else { throw fail("expected digits after the decimal mark") }
            }
        }
        guard hour < 24 else { throw fail("hour \(hour) is out of range") }
        guard minute < 60 else { throw fail("minute \(minute) is out of range") }
        guard second < 60 else { throw fail("second \(second) is out of range") }

        var offset = 0
        if reader.skip(UInt8(ascii: "Z")) || reader.skip(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = reader.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            reader.index += 1
            guard let offsetHours = reader.number(digits: 2), reader.skip(UInt8(ascii: ":")),
                  let offsetMinutes = reader.number(digits: 2) else {
                throw fail("an offset is written ±hh:mm")
            }
            guard offsetHours < 24, offsetMinutes < 60 else { throw fail("offset out of range") }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        guard reader.isAtEnd else { throw fail("unexpected text after the time") }

        // Local time minus its offset is UTC.
        let local = hour * 3600 + minute * 60 + second
        guard let days else { return DateTimeValue(parts: .time, seconds: timeOfDay(local - offset)) }
        let utc = days * secondsPerDay + local - offset
        guard (earliest...latest).contains(utc) else { throw fail("in UTC it falls outside the years 0000–9999") }
        return DateTimeValue(parts: .dateAndTime, seconds: utc)
    }

    /// Walks the UTF-8 of the text being read.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Exactly `digits` ASCII digits, as a number; nil (nothing read) otherwise.
        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            // More digits than the field holds is a mistake too (`2026-011-23`).
            if let next = bytes[safe: index + digits], (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { return nil }
            index += digits
            return value
        }

        /// Skips `byte` when it comes next.
        @discardableResult
        mutating func skip(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// Skips a run of digits; returns how many.
        mutating func skipDigits() -> Int {
            let start = index
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, UTC)

    /// Whether `year` has a 29 February: divisible by 4, except centuries not divisible by 400.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1–12) of `year`.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given day (negative before it); Howard Hinnant's `days_from_civil`.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, by: 400)
        let yearOfEra = shiftedYear - era * 400                                   // 0...399
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1  // 0...365, from 1 March
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar day `days` after 1970-01-01; the inverse of ``daysFromCivil(year:month:day:)``.
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, by: 146_097)
        let dayOfEra = shifted - era * 146_097                                                   // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)          // 0...365
        let shiftedMonth = (5 * dayOfYear + 2) / 153                                             // 0...11, from March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Midnight UTC of the day holding `seconds`.
    public static func startOfDay(_ seconds: Int) -> Int {
        floorDivide(seconds, by: secondsPerDay) * secondsPerDay
    }

    /// The seconds since midnight UTC of `seconds`, in `0..<86400`.
    public static func timeOfDay(_ seconds: Int) -> Int {
        seconds - startOfDay(seconds)
    }

    private static func floorDivide(_ value: Int, by divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
