public enum FeatureFlagKey: String, CaseIterable {
    case newCheckout
}

public protocol FeatureFlagsProviding: AnyObject {
    func isEnabled(_ key: FeatureFlagKey) -> Bool
}
