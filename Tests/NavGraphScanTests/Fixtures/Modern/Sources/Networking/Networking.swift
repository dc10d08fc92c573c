import Foundation

public protocol HTTPClientProtocol: AnyObject {}
public protocol AnalyticsProtocol: AnyObject {}
public protocol SessionProtocol: AnyObject { var isLoggedIn: Bool { get } }
public protocol FeatureFlagProtocol: AnyObject { func isEnabled(_ name: String) -> Bool }

public final class HTTPClient: HTTPClientProtocol {
    let session: SessionProtocol
    let analytics: () -> AnalyticsProtocol
    public init(session: SessionProtocol, analytics: @escaping () -> AnalyticsProtocol) {
        self.session = session
        self.analytics = analytics
    }
}

public final class Analytics: AnalyticsProtocol {
    let client: Lazy<HTTPClientProtocol>
    public init(client: Lazy<HTTPClientProtocol>) { self.client = client }
}

public final class Session: SessionProtocol {
    public var isLoggedIn: Bool { false }
    public init() {}
}
