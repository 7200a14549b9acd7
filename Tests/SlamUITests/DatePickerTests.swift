import Testing
@testable import SlamUI

/// The ISO 8601 reader and writer behind DatePicker.
@Suite struct DateTimeValueTests {
    @Test(arguments: [
        ("1970-01-01", 0), ("1970-01-02", 86_400), ("1969-12-31", -86_400),
        ("2000-02-29", 951_782_400), ("2026-11-23", 1_795_392_000), ("2038-01-19", 2_147_472_000),
    ])
    func datesAreMidnightUTCSecondsSinceTheEpoch(_ text: String, _ seconds: Int) throws {
        let value = try DateTimeValue.parse(text)
        #expect(value == DateTimeValue(parts: .date, seconds: seconds))
        #expect(DateTimeValue.format(seconds, as: .date) == text)
    }

    @Test(arguments: [
        ("2026-11-23T14:30:00Z", "2026-11-23T14:30:00Z"),
        ("2026-11-23T14:30Z", "2026-11-23T14:30:00Z"),
        ("2026-11-23T14:30", "2026-11-23T14:30:00Z"),
        ("2026-11-23t14:30:05z", "2026-11-23T14:30:05Z"),
        ("2026-11-23T14:30:05.999Z", "2026-11-23T14:30:05Z"),
        ("2026-11-23T14:30:05,5", "2026-11-23T14:30:05Z"),
        ("2026-11-23T14:30:00+02:00", "2026-11-23T12:30:00Z"),
        ("2026-11-23T14:30:00-05:30", "2026-11-23T20:00:00Z"),
        ("2026-11-23T01:30+02:00", "2026-11-22T23:30:00Z"),
        ("2026-12-31T23:30:00-01:00", "2027-01-01T00:30:00Z"),
        ("2024-03-01T00:30:00+01:00", "2024-02-29T23:30:00Z"),
        ("2026-11-23T14:30:00-00:00", "2026-11-23T14:30:00Z"),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
        ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
    ])
    func dateTimesAreConvertedToUTC(_ text: String, _ written: String) throws {
        let value = try DateTimeValue.parse(text)
        #expect(value.parts == .dateAndTime)
        #expect(DateTimeValue.format(value.seconds, as: .dateAndTime) == written)
    }

    @Test(arguments: [
        ("14:30", 52_200), ("14:30:00", 52_200), ("00:00:00", 0), ("23:59:59", 86_399),
        ("14:30:15.25", 52_215), ("14:30Z", 52_200), ("14:30+02:00", 45_000), ("01:00+02:00", 82_800), ("23:00-02:00", 3_600),
    ])
    func timesAreSecondsSinceMidnightUTC(_ text: String, _ seconds: Int) throws {
        #expect(try DateTimeValue.parse(text) == DateTimeValue(parts: .time, seconds: seconds))
    }

    @Test(arguments: [
        ("", "expected a date or a time"),
        ("tomorrow", "expected a date or a time"),
        ("2026-13-01", "month 13 does not exist"),
        ("2026-00-10", "month 0 does not exist"),
        ("2026-02-29", "2026-02 has no day 29"),
        ("1900-02-29", "1900-02 has no day 29"),
        ("2026-04-31", "2026-04 has no day 31"),
        ("2026-11-00", "2026-11 has no day 0"),
        ("26-11-23", "expected a date or a time"),
        ("2026-1-23", "the month must be two digits"),
        ("2026-011-23", "the month must be two digits"),
        ("2026-11-23 14:30", "expected 'T' between the date and the time"),
        ("2026-11-23T", "the hour must be two digits"),
        ("2026-11-23T24:00", "hour 24 is out of range"),
        ("14:60", "minute 60 is out of range"),
        ("23:59:60", "second 60 is out of range"),
        ("14:30:", "the second must be two digits"),
        ("14:30:00.", "expected digits after the decimal mark"),
        ("14:30+2", "an offset is written ±hh:mm"),
        ("14:30+0200", "an offset is written ±hh:mm"),
        ("14:30+24:00", "offset out of range"),
        ("14:30:00 ", "unexpected text after the time"),
        ("2026-11-23x", "expected 'T' between the date and the time"),
        ("9999-12-31T23:30:00-01:00", "in UTC it falls outside the years 0000–9999"),
        ("0000-01-01T00:30:00+01:00", "in UTC it falls outside the years 0000–9999"),
    ])
    func badTextIsRefusedWithTheReasonAndTheAcceptedForms(_ text: String, _ reason: String) {
        #expect(throws: DateTimeValue.ParseError(text: text, reason: reason)) { try DateTimeValue.parse(text) }
        let error = DateTimeValue.ParseError(text: text, reason: reason)
        #expect(error.description.contains("2026-11-23, 14:30:00 or 2026-11-23T14:30:00Z"))
    }

    @Test func leapYearsFollowTheGregorianRules() {
        #expect(DateTimeValue.isLeapYear(2024) && DateTimeValue.isLeapYear(2000) && DateTimeValue.isLeapYear(0))
        #expect(!DateTimeValue.isLeapYear(2026) && !DateTimeValue.isLeapYear(1900) && !DateTimeValue.isLeapYear(2100))
        #expect(DateTimeValue.daysInMonth(year: 2024, month: 2) == 29)
        #expect(DateTimeValue.daysInMonth(year: 2100, month: 2) == 28)
        #expect(DateTimeValue.daysInMonth(year: 2026, month: 9) == 30)
        #expect((try? DateTimeValue.parse("2000-02-29")) != nil)
        #expect((try? DateTimeValue.parse("2024-02-29")) != nil)
    }

    /// days-from-civil and its inverse agree on every day of the years 0000–9999, and consecutive
    /// numbers are consecutive calendar days.
    @Test func civilArithmeticRoundTripsOnEveryDay() {
        #expect(DateTimeValue.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(DateTimeValue.daysFromCivil(year: 0, month: 3, day: 1) == -719_468)
        #expect(DateTimeValue.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
        let first = DateTimeValue.daysFromCivil(year: 0, month: 1, day: 1)
        let last = DateTimeValue.daysFromCivil(year: 9999, month: 12, day: 31)
        var expected = (year: 0, month: 1, day: 1)
        var mismatches: [Int] = []
        for days in first...last {
            let civil = DateTimeValue.civilFromDays(days)
            if civil != expected || DateTimeValue.daysFromCivil(year: civil.year, month: civil.month, day: civil.day) != days {
                mismatches.append(days)
            }
            expected = expected.day < DateTimeValue.daysInMonth(year: expected.year, month: expected.month)
                ? (expected.year, expected.month, expected.day + 1)
                : expected.month < 12 ? (expected.year, expected.month + 1, 1) : (expected.year + 1, 1, 1)
        }
        #expect(mismatches.isEmpty)
        #expect(expected.year == 10000 && expected.month == 1 && expected.day == 1)
        #expect(last - first + 1 == 3_652_425, "10,000 Gregorian years")
    }

    @Test func secondsForEachModeDropWhatTheModeDoesNotShow() throws {
        let moment = try DateTimeValue.parse("2026-11-23T14:30:00Z")
        #expect(moment.seconds(for: .date) == 1_795_392_000)
        #expect(moment.seconds(for: .time) == 52_200)
        #expect(moment.seconds(for: .dateAndTime) == 1_795_444_200)
        let day = try DateTimeValue.parse("2026-11-23")
        #expect(day.seconds(for: .dateAndTime) == 1_795_392_000)
        #expect(day.seconds(for: .time) == nil)
        let time = try DateTimeValue.parse("14:30")
        #expect(time.seconds(for: .date) == nil && time.seconds(for: .dateAndTime) == nil)
        // Before 1970 the day is still the calendar day (floor, not truncation).
        #expect(try DateTimeValue.parse("1969-12-31T18:00:00Z").seconds(for: .date) == -86_400)
        #expect(try DateTimeValue.parse("1969-12-31T18:00:00Z").seconds(for: .time) == 64_800)
    }
}

@Suite struct DatePickerTests {
    func makePicker(_ mode: DatePickerMode = .date) -> DatePicker {
        let picker = DatePicker(reference: "when")
        picker.mode = mode
        return picker
    }

    @Test func theDefaultIsTheEpochInDateAndTimeMode() {
        let picker = DatePicker(reference: "when")
        #expect(picker.mode == .dateAndTime && picker.value == "1970-01-01T00:00:00Z")
        #expect(picker.minimumDate == nil && picker.maximumDate == nil)
        #expect(DatePicker.properties.map(\.name) == ["visible", "enabled", "focused", "task", "param", "autoUI",
                                                      "mode", "value", "minimumDate", "maximumDate"])
    }

    @Test func eachModeWritesItsOwnForm() throws {
        let picker = makePicker(.dateAndTime)
        try picker.setValue("2026-11-23T14:30:15+01:00")
        #expect(picker.value == "2026-11-23T13:30:15Z")
        picker.mode = .date
        #expect(picker.value == "2026-11-23", "date mode keeps the day")
        try picker.setValue("2026-11-23T23:30:00-02:00")
        #expect(picker.value == "2026-11-24", "the offset is applied before the time is dropped")
        picker.mode = .time
        #expect(picker.value == "00:00:00")
        try picker.setValue("2026-11-23T14:30:15Z")
        #expect(picker.value == "14:30:15", "time mode drops the date")
        try picker.setValue("08:05")
        #expect(picker.value == "08:05:00" && picker.seconds == 29_100)
    }

    @Test func aValueWithoutWhatTheModeNeedsIsRefused() {
        let picker = makePicker(.time)
        #expect(throws: DateTimeValue.ParseError(text: "2026-11-23", reason: "a DatePicker in time mode takes a time")) {
            try picker.setValue("2026-11-23")
        }
        picker.mode = .date
        #expect(throws: DateTimeValue.ParseError(text: "14:30", reason: "a DatePicker in date mode takes a date")) {
            try picker.setValue("14:30")
        }
    }

    @Test func theValueClampsIntoTheBoundsAndAMinimumAboveTheMaximumMovesIt() throws {
        let picker = makePicker(.date)
        try picker.setValue("2026-06-15")
        try picker.setMinimumDate("2026-07-01")
        #expect(picker.value == "2026-07-01")
        try picker.setMaximumDate("2026-12-31")
        try picker.setValue("2027-03-01")
        #expect(picker.value == "2026-12-31")
        try picker.setMinimumDate("2027-02-01")
        #expect(picker.maximumDate == "2027-02-01", "the maximum follows a minimum set above it")
        #expect(picker.value == "2027-02-01")
        try picker.setMaximumDate("2026-01-01")
        #expect(picker.minimumDate == "2026-01-01", "the minimum follows a maximum set below it")
        #expect(picker.value == "2026-01-01")
        try picker.setMinimumDate(nil)
        try picker.setMaximumDate(nil)
        try picker.setValue("1999-12-31")
        #expect(picker.value == "1999-12-31" && picker.minimumDate == nil)
    }

    @Test func changingTheModeConvertsValueAndBounds() throws {
        let picker = makePicker(.dateAndTime)
        try picker.setMinimumDate("2026-11-23T08:00:00Z")
        try picker.setMaximumDate("2026-11-23T18:00:00Z")
        try picker.setValue("2026-11-23T12:34:00Z")
        picker.mode = .time
        #expect(picker.value == "12:34:00" && picker.minimumDate == "08:00:00" && picker.maximumDate == "18:00:00")
        picker.mode = .date
        #expect(picker.value == "1970-01-01" && picker.minimumDate == "1970-01-01" && picker.maximumDate == "1970-01-01",
                "a time of day has no date: it is day zero")
    }

    @Test func incrementAndDecrementStepADayOrAMinuteAndStopAtTheBounds() throws {
        var changes: [String] = []
        let picker = makePicker(.date)
        picker.valueChangedBlock = { changes.append($0) }
        let controller = try makeController(picker)
        controller.updateUI()
        try picker.setValue("2024-02-28")
        try picker.setMaximumDate("2024-03-01")
        try picker.press(.increment)
        try picker.press(.increment)
        try picker.press(.increment)
        #expect(picker.value == "2024-03-01")
        #expect(changes == ["2024-02-29", "2024-03-01"], "no change at the bound, no event")
        try picker.press(.decrement)
        #expect(picker.value == "2024-02-29")

        try picker.setMaximumDate(nil)
        picker.mode = .time
        try picker.setValue("23:58:30")
        try picker.press(.increment)
        #expect(picker.value == "23:59:30")
        try picker.press(.increment)
        #expect(picker.value == "23:59:59", "a day has no time after 23:59:59")
        try picker.setValue("00:00:30")
        try picker.press(.decrement)
        #expect(picker.value == "00:00:00")

        picker.mode = .dateAndTime
        try picker.setValue("2026-12-31T22:00:00Z")
        try picker.press(.increment)
        #expect(picker.value == "2027-01-01T22:00:00Z")
    }

    @Test func aPressWithTextSetsTheValueThenTheActionRuns() throws {
        var events: [String] = []
        let picker = makePicker(.date)
        picker.valueChangedBlock = { events.append("changed \($0)") }
        picker.pressActionBlock = { events.append("action") }
        let controller = try makeController(picker)
        controller.updateUI()
        try picker.press(.text("2026-11-23T10:00:00+02:00"))
        #expect(picker.value == "2026-11-23")
        try picker.press(.text("2026-11-23"))
        #expect(events == ["changed 2026-11-23", "action", "action"], "the same value again: no change event")
    }

    @Test func badPressesNameTheAcceptedFormats() throws {
        let picker = makePicker(.date)
        let controller = try makeController(picker)
        controller.updateUI()
        do {
            try picker.press(.text("23/11/2026"))
            Issue.record("a bad date was taken")
        } catch {
            guard case .invalidPress(let reference, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reference == "when")
            #expect(reason.contains("'23/11/2026' is not an ISO 8601 value"))
            #expect(reason.contains("2026-11-23, 14:30:00 or 2026-11-23T14:30:00Z"))
        }
        #expect(throws: SlamError.invalidPress(reference: "when", reason: "'14:30' is not an ISO 8601 value (a DatePicker in date mode takes a date); use \(DateTimeValue.acceptedFormats)")) {
            try picker.press(.text("14:30"))
        }
        #expect(throws: SlamError.invalidPress(reference: "when", reason: "a DatePicker takes an ISO 8601 date (\(DateTimeValue.acceptedFormats)), \"increment\" or \"decrement\"")) {
            try picker.press(.index(3))
        }
        picker.isEnabled = false
        #expect(throws: SlamError.elementDisabled(reference: "when")) { try picker.press(.increment) }
    }

    @Test func dataSourcesAreReadOnUpdateAndBadTextIsAWarning() throws {
        var warnings: [String] = []
        var day = "2026-11-23"
        let picker = makePicker(.date)
        picker.valueDataSource = { day }
        picker.minimumDateDataSource = { "2026-01-01" }
        picker.maximumDateDataSource = { nil }
        let application = Application()
        application.eventHandler = { if case .warning(let message) = $0 { warnings.append(message) } }
        let screen = try makeController(picker, identifier: "Dates")
        application.registerController(identifier: "Dates") { () throws(SlamError) -> ViewController in screen }
        try application.start(with: "Dates")
        #expect(picker.value == "2026-11-23" && picker.minimumDate == "2026-01-01" && picker.maximumDate == nil)
        day = "2025-05-05"
        application.topController!.updateUI()
        #expect(picker.value == "2026-01-01", "clamped to the minimum")
        day = "soon"
        application.topController!.updateUI()
        #expect(picker.value == "2026-01-01")
        #expect(warnings.count == 1 && warnings[0].hasPrefix("root/when: value: 'soon' is not an ISO 8601 value"))
    }

    @Test func arrowKeysStepWhenFocused() throws {
        let picker = makePicker(.time)
        let application = Application()
        let screen = try makeController(picker, identifier: "Dates")
        application.registerController(identifier: "Dates") { () throws(SlamError) -> ViewController in screen }
        try application.start(with: "Dates")
        try picker.setValue("12:00")
        try application.focus(picker)
        #expect(picker.isFocused)
        #expect(try application.pressKey(.arrowUp) && picker.value == "12:01:00")
        #expect(try application.pressKey(.arrowRight) && picker.value == "12:02:00")
        #expect(try application.pressKey(.arrowDown) && picker.value == "12:01:00")
        #expect(try application.pressKey(.arrowLeft) && picker.value == "12:00:00")
        #expect(try !application.pressKey(.enter))
    }

    @Test func aBoundValueIsReadAndAUsersChangeWrittenBack() throws {
        let application = Application()
        _ = application.state.set("due", "2026-11-23")
        let picker = makePicker(.date)
        try picker.bind(property: "value", to: StateBinding(parsing: "due"), in: application.state)
        let screen = try makeController(picker, identifier: "Dates")
        application.registerController(identifier: "Dates") { () throws(SlamError) -> ViewController in screen }
        try application.start(with: "Dates")
        #expect(picker.value == "2026-11-23")
        try picker.press(.increment)
        #expect(application.state["due"] == "2026-11-24")
    }
}
