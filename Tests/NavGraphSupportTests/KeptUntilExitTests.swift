import XCTest
@testable import NavGraphSupport

/// `KeptUntilExit` keeps values only when the process asked for it (the command line does): a
/// library user's process frees them as usual.
final class KeptUntilExitTests: XCTestCase {
    final class Box {}

    /// Whether a value handed to `keep` outlives its last reference.
    private func survivesKeep() -> Bool {
        weak var watched: Box?
        do {
            let box = Box()
            watched = box
            KeptUntilExit.keep(box)
        }
        return watched != nil
    }

    func testKeepsOnlyWhenEnabled() {
        XCTAssertFalse(KeptUntilExit.isEnabled, "off unless the command line switches it on")
        XCTAssertFalse(survivesKeep(), "kept although not enabled")
        KeptUntilExit.isEnabled = true
        defer { KeptUntilExit.isEnabled = false }
        XCTAssertTrue(survivesKeep(), "freed although kept until exit")
    }
}
