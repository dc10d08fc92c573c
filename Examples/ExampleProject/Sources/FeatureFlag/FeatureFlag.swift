import FeatureFlagInterface
import HTTPClientInterface

/// Reads remote configuration through the HTTP client.
public final class FeatureFlag: FeatureFlagProtocol {
    private let httpClient: HTTPClientProtocol

    public init(httpClient: HTTPClientProtocol) {
        self.httpClient = httpClient
    }

    public func isEnabled() -> Bool { true }
}
