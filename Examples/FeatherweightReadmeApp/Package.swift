// swift-tools-version:5.9
import PackageDescription

// The app shell of Featherweight Router's tl;dr ("Putting it all together"), in the Swift 2 syntax
// the article was written in.
let package = Package(
    name: "Shell",
    platforms: [.iOS(.v9)],
    products: [.executable(name: "Shell", targets: ["Shell"])],
    dependencies: [
        .package(url: "https://github.com/FeatherweightLabs/FeatherweightRouter.git", from: "0.1.0"),
    ],
    targets: [
        .executableTarget(name: "Shell", dependencies: ["FeatherweightRouter"]),
    ]
)
