// swift-tools-version:5.9
import PackageDescription

let routerService: Target.Dependency = .product(name: "RouterService", package: "RouterService")

let package = Package(
    name: "CoordinatorApp",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/rockbruno/RouterService", from: "1.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: ["AppRouting", "Catalog", "Checkout", "Account", routerService],
            path: "App"
        ),
        .target(name: "AppRouting", dependencies: [routerService], path: "Modules/AppRouting/Code"),
        .target(name: "Catalog", dependencies: ["AppRouting", routerService], path: "Modules/Catalog/Code"),
        .target(name: "Checkout", dependencies: ["AppRouting", routerService], path: "Modules/Checkout/Code"),
        .target(name: "Account", dependencies: ["AppRouting", routerService], path: "Modules/Account/Code"),
        .testTarget(name: "CheckoutTests", dependencies: ["Checkout", routerService], path: "Modules/Checkout/Tests"),
    ]
)
