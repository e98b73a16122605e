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
