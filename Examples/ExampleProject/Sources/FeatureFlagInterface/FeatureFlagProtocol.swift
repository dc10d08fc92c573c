import RouterServiceInterface

public protocol FeatureFlagProtocol: Dependency {
    func isEnabled() -> Bool
}
