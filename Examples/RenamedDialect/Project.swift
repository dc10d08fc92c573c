import ProjectDescription

let project = Project(
    name: "Shop",
    targets: [
        .target(
            name: "DIService",
            destinations: .iOS,
            product: .framework,
            bundleId: "com.example.shop.diservice",
            sources: ["Modules/Core/DIService/**"]
        ),
        .target(
            name: "Shop",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.shop",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Shop/Sources/**"],
            dependencies: [.target(name: "DIService")]
        ),
        .target(
            name: "ShopTests",
            destinations: .iOS,
            product: .unitTests,
            bundleId: "com.example.shop.tests",
            sources: ["Shop/Tests/**"],
            dependencies: [.target(name: "Shop")]
        ),
        .target(
            name: "ShopSample",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.shop.sample",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Shop/Sample/**"],
            dependencies: [.target(name: "DIService")]
        ),
    ]
)
