// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Reader",
    platforms: [.iOS(.v15)],
    products: [.executable(name: "Reader", targets: ["Reader"])],
    dependencies: [
        .package(url: "https://github.com/FeatherweightLabs/FeatherweightRouter.git", from: "0.2.0"),
    ],
    targets: [
        .executableTarget(name: "Reader", dependencies: ["FeatherweightRouter"]),
    ]
)
