// swift-tools-version:5.9
import PackageDescription

let routerService: Target.Dependency = .product(name: "RouterService", package: "RouterService")

let package = Package(
    name: "MixedRoutingApp",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/rockbruno/RouterService", from: "1.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: ["Routing", "Home", "Profile", "Orders", "Settings", routerService],
            path: "App"
        ),
        .target(name: "Routing", dependencies: [routerService], path: "Modules/Routing"),
        .target(name: "Home", dependencies: ["Routing", routerService], path: "Modules/Home"),
        .target(name: "Profile", dependencies: ["Routing", "Orders", routerService], path: "Modules/Profile"),
        .target(name: "Orders", dependencies: ["Routing", routerService], path: "Modules/Orders"),
        .target(name: "Settings", dependencies: ["Routing", routerService], path: "Modules/Settings"),
    ]
)
