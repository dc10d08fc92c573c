// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Recipes",
    platforms: [.iOS(.v16)],
    products: [.executable(name: "Recipes", targets: ["Recipes"])],
    targets: [
        .target(name: "Components"),
        .executableTarget(name: "Recipes", dependencies: ["Components"]),
    ]
)
