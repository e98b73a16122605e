import Foundation
import Testing

@testable import Latchkey

@Suite struct PhoneMaskTests {
    /// Typed input and its exact masked text: 46 numbers over 34 calling codes of one, two and three digits.
    static let table: [(input: String, masked: String)] = [
        ("+7 912 345-67-33", "+7 (•••) •••-••-33"),
        ("+7 (495) 123-45-67", "+7 (•••) •••-••-67"),
        ("+7 727 123 45 67", "+7 (•••) •••-••-67"),
        ("+7 912 345 67", "+7 ••• ••• 67"),
        ("+1 (212) 555-0134", "+1 (•••) •••-••34"),
        ("+1-268-555-0199", "+1 (•••) •••-••99"),
        ("001 415 555 2671", "+1 (•••) •••-••71"),
        ("+1 868 555 0123", "+1 (•••) •••-••23"),
        ("+44 20 7946 0958", "+44 •••• ••••58"),
        ("+44 7911 123456", "+44 •••• ••••56"),
        ("+44 1632 960 983", "+44 •••• ••••83"),
        ("+49 30 901820", "+49 ••• ••• 20"),
        ("+49 1512 3456789", "+49 •••• •••••89"),
        ("+49 89 1234567", "+49 ••• ••• •67"),
        ("+49 30 12345678", "+49 ••• •••••78"),
        ("+86 138 0013 8000", "+86 ••• •••• ••00"),
        ("+86 10 6552 9988", "+86 ••• ••• •• 88"),
        ("+91 98765 43210", "+91 ••••• •••10"),
        ("+971 50 123 4567", "+971 •• ••• ••67"),
        ("+998 90 123 45 67", "+998 •• ••• •• 67"),
        ("+33 6 12 34 56 78", "+33 • •• •• •• 78"),
        ("0033 6.12.34.56.78", "+33 • •• •• •• 78"),
        ("+34 612 345 678", "+34 ••• ••• •78"),
        ("+39 347 123 4567", "+39 ••• ••• ••67"),
        ("+55 11 91234-5678", "+55 (••) •••••-••78"),
        ("+61 412 345 678", "+61 ••• ••• •78"),
        ("+81 90-1234-5678", "+81 ••-••••-••78"),
        ("+683 4002", "+683 •• 02"),
        ("+690 3291", "+690 •• 91"),
        ("+31 6 12345678", "+31 ••• ••• •78"),
        ("+46 70 123 45 67", "+46 ••• ••• •67"),
        ("+20 10 1234 5678", "+20 ••• ••• •• 78"),
        ("+27 82 123 4567", "+27 ••• ••• •67"),
        ("+380 67 123 4567", "+380 ••• ••• •67"),
        ("+353 85 123 4567", "+353 ••• ••• •67"),
        ("+852 5123 4567", "+852 ••• ••• 67"),
        ("+886 912 345 678", "+886 ••• ••• •78"),
        ("+254 712 345678", "+254 ••• ••• •78"),
        ("+90 532 123 45 67", "+90 ••• ••• •• 67"),
        ("+82 10-1234-5678", "+82 ••• ••• •• 78"),
        ("+52 55 1234 5678", "+52 ••• ••• •• 78"),
        ("+65 8123 4567", "+65 ••• ••• 67"),
        ("+966 50 123 4567", "+966 ••• ••• •67"),
        ("+420 601 123 456", "+420 ••• ••• •56"),
        ("+48 512 345 678", "+48 ••• ••• •78"),
        ("+62 812 3456 7890", "+62 ••• ••• ••• 90"),
        ("+995 555 12 34 56", "+995 ••• ••• •56"),
    ]

    @Test func theTableCoversAtLeastFortyNumbersOverTwentyCallingCodesOfEveryLength() throws {
        let codes = Set(try Self.table.map { try PhoneNumber($0.input).callingCode })
        #expect(Self.table.count >= 40)
        #expect(codes.count >= 20)
        #expect(Set(codes.map(\.count)) == [1, 2, 3])
    }

    @Test(arguments: table)
    func eachNumberIsMaskedExactly(_ input: String, _ masked: String) throws {
        #expect(PhoneMask.mask(try PhoneNumber(input)) == masked)
    }

    @Test(arguments: table)
    func noDigitButTheCallingCodeAndTheLastTwoIsEverShown(_ input: String, _ masked: String) throws {
        let phone = try PhoneNumber(input)
        let text = PhoneMask.mask(phone)
        let afterCode = text.dropFirst(1 + phone.callingCode.count)
        #expect(String(afterCode.filter(\.isNumber)) == String(phone.nationalNumber.suffix(2)))
        #expect(afterCode.filter { $0 == PhoneMask.hiddenDigit }.count == phone.nationalNumber.count - 2)
    }

    @Test func plainGroupingKeepsGroupsOfThreeAndNeverLeavesOneDigitAlone() {
        #expect(PhoneMask.plainPattern(4) == "## ##")
        #expect(PhoneMask.plainPattern(7) == "### ## ##")
        #expect(PhoneMask.plainPattern(9) == "### ### ###")
        #expect(PhoneMask.plainPattern(12) == "### ### ### ###")
    }
}
