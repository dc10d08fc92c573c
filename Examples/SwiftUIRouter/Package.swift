// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SwiftUIRouter",
    platforms: [.iOS(.v17)],
    targets: [
        .target(name: "Routing"),
        .target(name: "Home", dependencies: ["Routing"]),
        .target(name: "Catalog", dependencies: ["Routing"]),
        .target(name: "Account", dependencies: ["Routing"]),
        .executableTarget(name: "App", dependencies: ["Routing", "Home", "Catalog", "Account"]),
    ]
)
