import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct QRCodeTests {
    let uri = TOTP.uri(issuer: "Latchkey", account: "alice", secret: Array("12345678901234567890".utf8))

    @Test func theTerminalDrawingReadsBackIntoTheSameModules() throws {
        let code = try #require(QRCode(uri))
        let read = QRReader.matrix(fromTerminalText: code.terminalText())
        let zone = QRCode.quietZone
        let inner = read[zone..<(zone + code.modules.count)].map { Array($0[zone..<(zone + code.modules.count)]) }
        #expect(inner == code.modules)
        // The quiet zone is drawn light on every side.
        #expect(read.prefix(zone).allSatisfy { $0.allSatisfy { !$0 } })
        #expect(read.allSatisfy { $0.prefix(zone).allSatisfy { !$0 } })
    }

    @Test func anIndependentDecoderReadsTheURIFromTheDrawing() throws {
        let drawing = try #require(QRCode(uri)).terminalText()
        #expect(try QRReader.decode(QRReader.matrix(fromTerminalText: drawing)) == uri)
    }

    @Test func everyLineForcesItsColoursAndResetsThem() throws {
        let lines = try #require(QRCode(uri)).terminalText().split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[40;97m") && $0.hasSuffix("\u{1B}[0m") })
    }
}
