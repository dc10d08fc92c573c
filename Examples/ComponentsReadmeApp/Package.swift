// swift-tools-version:5.9
import PackageDescription

// The app as the Components README shows it: the framework is a dependency (`import Components`),
// so `ModuleInterface`, `RouterInterface`, `NavigatorInterface`, `Router`, `Navigator`, `Builder`
// and `ModuleContainer` are not declared in these sources.
let package = Package(
    name: "Chat",
    platforms: [.iOS(.v12)],
    products: [.executable(name: "Chat", targets: ["Chat"])],
    dependencies: [.package(url: "https://github.com/bartlomiejn/components", from: "1.1.0")],
    targets: [
        .executableTarget(name: "Chat", dependencies: [.product(name: "Components", package: "components")]),
    ]
)
