import XCTest
@testable import NavGraphSupport

/// `KeptUntilExit` keeps values only when the process asked for it (the command line does): a
/// library user's process frees them as usual.
final class KeptUntilExitTests: XCTestCase {
    final class Box {}

    func testKeepsOnlyWhenEnabled() {
        XCTAssertFalse(KeptUntilExit.isEnabled, "off unless the command line switches it on")
        weak var dropped: Box?
        do {
            let box = Box()
            dropped = box
            KeptUntilExit.keep(box)
        }
        XCTAssertNil(dropped, "kept although not enabled")

        KeptUntilExit.isEnabled = true
        defer { KeptUntilExit.isEnabled = false }
        weak var kept: Box?
        do {
            let box = Box()
            kept = box
            KeptUntilExit.keep(box)
        }
        XCTAssertNotNil(kept, "freed although kept until exit")
    }
}
