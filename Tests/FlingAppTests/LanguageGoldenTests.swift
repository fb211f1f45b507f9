// LanguageGoldenTests: every scene in simplified and traditional Chinese and in Arabic
// (mirrored) at 390×844 @2x and 1080×1920, through the binary with its shipped catalogues:
// the list with a restaurant's sheet, Today's cards with the date line, the two-stage sheet
// and the Form with the on-screen keyboard up. docs/languages.md sets them beside iOS.
import FlingCore
import Foundation
import XCTest

final class LanguageGoldenTests: XCTestCase {
    /// The pictures' fonts are the ones `make test` installs; the date's names are the test
    /// locales' (LanguageTests.localeData).
    static var environment: [String: String] {
        ScriptsGoldenTests.environment.merging(LanguageTests.cleanLocale) { $1 }
    }

    struct Screen {
        let size: String
        let args: [String]
        /// A restaurant's row, the two-stage scene's "Show Sheet" button and, per direction,
        /// the Form's first field, in window pt.
        let row: (Int, Int), button: (Int, Int), field: (ltr: (Int, Int), rtl: (Int, Int))
    }
    static let phone = Screen(size: "390x844@2x", args: ["--scale", "2"], row: (195, 300), button: (195, 250),
                              field: ((195, 420), (195, 420)))
    static let kiosk = Screen(size: "1080x1920", args: ["--size", "1080x1920"], row: (540, 312), button: (540, 504),
                              field: ((355, 930), (724, 930)))

    /// The four scenes in `language` on `screen`, each against its golden image.
    private func scenes(_ language: String, _ screen: Screen, name: String = #function) throws {
        guard FileManager.default.fileExists(atPath: LanguageTests.localeData + "/ar_EG.UTF-8/LC_TIME") else {
            throw XCTSkip("no \(LanguageTests.localeData): `make test` compiles the test locales")
        }
        let field = language == "ar" ? screen.field.rtl : screen.field.ltr
        let runs: [(scene: String, script: String)] = [
            ("restaurants", "0.2 tap \(screen.row.0) \(screen.row.1)\n1.5 shot $OUT/shot.png\n"),
            ("today", "0.4 shot $OUT/shot.png\n"),
            ("two-stage", "0.2 tap \(screen.button.0) \(screen.button.1)\n1.5 shot $OUT/shot.png\n"),
            ("form", "0.2 tap \(field.0) \(field.1)\n1.5 shot $OUT/shot.png\n"),
        ]
        for run in runs {
            let args = ["--scene", run.scene, "--language", language, "--date", "2026-12-01", "--keyboard", "on"] + screen.args
            let (dir, r) = try FlingRunner.headlessRun(run.script, args: args, environment: Self.environment,
                                                       name: "\(name)-\(run.scene)")
            XCTAssertFalse(r.stderr.contains("boxes"), r.stderr)
            XCTAssertFalse(r.stderr.contains("warning"), r.stderr)
            GoldenImage.assertMatches(dir.appendingPathComponent("shot.png"), golden: "language-\(language)-\(run.scene)-\(screen.size)")
        }
    }

    func testSimplifiedChineseOnAPhone() throws { try scenes("zh-Hans", Self.phone) }
    func testSimplifiedChineseOnAKiosk() throws { try scenes("zh-Hans", Self.kiosk) }
    func testTraditionalChineseOnAPhone() throws { try scenes("zh-Hant", Self.phone) }
    func testTraditionalChineseOnAKiosk() throws { try scenes("zh-Hant", Self.kiosk) }
    func testArabicMirroredOnAPhone() throws { try scenes("ar", Self.phone) }
    func testArabicMirroredOnAKiosk() throws { try scenes("ar", Self.kiosk) }
}
