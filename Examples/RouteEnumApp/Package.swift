// swift-tools-version:5.9
// A route-enum app (docs/scanning.md, "Style: route-enum"): each module's router takes an enum of
// destinations and maps its cases to screens. Scanned by navgraph, not built here (it needs UIKit).
import PackageDescription

let package = Package(
    name: "RouteEnumApp",
    platforms: [.iOS(.v16)],
    products: [.library(name: "App", targets: ["App"])],
    targets: [
        .target(name: "Recipes"),
        .target(name: "Pantry"),
        .target(name: "App", dependencies: ["Recipes", "Pantry"]),
    ]
)
