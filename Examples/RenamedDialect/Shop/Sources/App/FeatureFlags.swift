import Foundation

protocol FeatureFlagging: AnyObject {
    func isOn(_ name: String) -> Bool
}

/// Flags from the remote config service, cached in UserDefaults by the last launch.
final class RemoteFlags: FeatureFlagging {
    private let defaults = UserDefaults.standard

    func isOn(_ name: String) -> Bool {
        defaults.bool(forKey: "flags.\(name)")
    }
}
