import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct PhoneNumberTests {
    @Test(arguments: [
        ("+44 (20) 7946-0958", "+442079460958"), ("+7 912 345-67-33", "+79123456733"),
        ("00 49 30 901820", "+4930901820"),
        ("  +1.212.555.0134  ", "+12125550134"), ("+683 4002", "+6834002"), ("+998901234567", "+998901234567"),
    ])
    func separatorsAreDroppedAndTheNumberIsStoredInE164(_ input: String, _ e164: String) throws {
        #expect(try PhoneNumber(input).e164 == e164)
    }

    @Test(arguments: [
        "", "12125550134", "+", "+44 20", "+1234567890123456", "+44 20 7946 0958 ext 1", "+44\u{0}2079460958",
        "+٤٤٢٠٧٩٤٦٠٩٥٨", "+999 1234567", "++441234567", "+44 20/7946 0958", "'; DROP TABLE users; --",
        "+44 20 7946 095８", "0 44 20 7946 0958", HugeInput.marker(of: "1"),
    ])
    func malformedNumbersAreRejectedWithAReason(_ input: String) {
        #expect(throws: PhoneNumber.Problem.self) { try PhoneNumber(HugeInput.expand(input)) }
    }

    @Test func theReasonSaysWhatIsExpected() {
        #expect(throws: PhoneNumber.Problem(reason: "must start with + or 00 and the country calling code")) {
            try PhoneNumber("020 7946 0958")
        }
        #expect(throws: PhoneNumber.Problem(reason: "must have 7 to 15 digits")) { try PhoneNumber("+44 20") }
    }

    @Test func aStoredNumberReadsBackAsItself() throws {
        let phone = try PhoneNumber("+44 20 7946 0958")
        #expect(PhoneNumber(e164: phone.e164) == phone)
        #expect(PhoneNumber(e164: "+44 20 7946 0958") == nil)
    }
}

@Suite struct StoredPhoneNumberTests {
    /// What `init(e164:)` reads back is what the parser stored, for numbers of 1-, 2- and 3-digit codes.
    @Test(arguments: [
        "+1 212 555 0134", "+7 912 345-67-33", "+44 20 7946 0958", "+49 30 1234567", "+971 50 123 4567",
        "+998 90 123 45 67", "+86 131 2345 6789", "+1234567", "00 33 1 23 45 67 89",
    ])
    func aStoredNumberReadsBackAsTheParserMadeIt(_ input: String) throws {
        let parsed = try PhoneNumber(input)
        #expect(PhoneNumber(e164: parsed.e164) == parsed)
    }

    @Test(arguments: ["", "+", "+999 1234567", "+44 20 7946 0958", "44207946058", "+4420794605812345", "+٤٤٢٠٧٩٤٦٠٩٥٨"])
    func anythingButAStoredNumberIsRefused(_ text: String) {
        #expect(PhoneNumber(e164: text) == nil)
    }
}

@Suite struct DateTextTests {
    /// The integer arithmetic agrees with Foundation's calendar, across leap years and centuries.
    @Test(
        arguments: [
            0, 59, 951_782_400, 951_868_799, 1_709_164_800, 1_790_000_000, 4_102_444_800, 253_402_300_799, -86_401,
        ] as [Int64])
    func formattedTimesAgreeWithTheGregorianCalendar(_ seconds: Int64) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let expected = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", p.year!, p.month!, p.day!, p.hour!, p.minute!, p.second!)
        #expect(DateText.iso8601(date) == expected)
        #expect(DateText.format(date) == String(expected.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC")
    }
}
