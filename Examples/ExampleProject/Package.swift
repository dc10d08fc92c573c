// swift-tools-version:5.9
// The example's targets, as a RouterService app declares them: each feature beside its interface.
// navgraph reads this manifest (it never builds or runs it) to know which module each file is in.
import PackageDescription

let router: [Target.Dependency] = [.product(name: "RouterService", package: "RouterService")]
let routerInterface: [Target.Dependency] = [.product(name: "RouterServiceInterface", package: "RouterService")]

let package = Package(
    name: "ExampleProject",
    platforms: [.iOS(.v15)],
    dependencies: [.package(url: "https://github.com/rockbruno/RouterService", from: "1.1.0")],
    targets: [
        .executableTarget(name: "App", dependencies: ["FeatureOne", "FeatureTwo", "FeatureFlag", "FeatureFlagInterface", "HTTPClient", "HTTPClientInterface"] + router),
        .target(name: "FeatureOne", dependencies: ["FeatureFlagInterface", "FeatureTwoInterface", "HTTPClientInterface"] + routerInterface),
        .target(name: "FeatureTwo", dependencies: ["FeatureTwoInterface", "HTTPClientInterface"] + routerInterface),
        .target(name: "FeatureTwoInterface", dependencies: routerInterface),
        .target(name: "FeatureFlag", dependencies: ["FeatureFlagInterface", "HTTPClientInterface"]),
        .target(name: "FeatureFlagInterface", dependencies: routerInterface),
        .target(name: "HTTPClient", dependencies: ["HTTPClientInterface"]),
        .target(name: "HTTPClientInterface"),
    ]
)
