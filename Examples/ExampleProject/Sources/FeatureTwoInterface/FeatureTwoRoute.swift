import RouterServiceInterface

/// The public way into FeatureTwo: other modules import only this interface module.
public struct FeatureTwoRoute: Route {
    public static let identifier = "featuretwo_main"

    public init() {}
}
