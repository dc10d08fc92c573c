// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "navgraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "navgraph", targets: ["navgraph"]),
        .library(name: "NavGraphKit", targets: ["NavGraphKit"]),
        .library(name: "NavGraphPipeline", targets: ["NavGraphPipeline"]),
        .plugin(name: "NavGraphCommand", targets: ["NavGraphCommand"]),
        .plugin(name: "NavGraphBuildPlugin", targets: ["NavGraphBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "602.0.0"),
        // Tests only: the model consistency property test.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // The only code that touches graphviz: the system library and a thin C shim over it.
        .systemLibrary(
            name: "CGraphvizSystem",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // zlib: the shim's own PNG encoder for big pictures (docs/rendering.md, "PNGs"); in every SDK.
        .target(name: "CGraphviz", dependencies: ["CGraphvizSystem"], linkerSettings: [.linkedLibrary("z")]),
        // Every operating-system call, one file per concern, a branch per system (Linux, macOS):
        // scripts/portability-check.py keeps Linux-only calls out of every other target.
        .target(name: "NavGraphPlatform", exclude: ["README.md"]),
        // The library by stage, each target below the next (docs/architecture.md):
        // what every stage shares: threads, timing, interning, name suggestions, escaping, the byte sink, JSON values.
        .target(name: "NavGraphSupport", dependencies: ["NavGraphPlatform"]),
        // The model: plain values (registry, features, routes, findings, scenarios).
        .target(name: "NavGraphModel", dependencies: ["NavGraphSupport", "NavGraphPlatform"]),
        // The registry schema: its readers (YAML, JSON, the fast decoder) and writers.
        .target(
            name: "NavGraphSchema",
            dependencies: ["NavGraphSupport", "NavGraphModel", "NavGraphPlatform", .product(name: "Yams", package: "Yams")]
        ),
        // The graph built from a registry and its algorithms (reachability, paths, scenarios).
        .target(name: "NavGraphGraph", dependencies: ["NavGraphSupport", "NavGraphModel", "NavGraphPlatform"]),
        // The checks, one file per rule, their runner and the baseline.
        .target(name: "NavGraphChecks", dependencies: ["NavGraphSupport", "NavGraphModel", "NavGraphSchema", "NavGraphGraph"]),
        // What users read: reporters, the terminal report and explorer, diff formatters, the atomic writer.
        .target(
            name: "NavGraphOutputs",
            dependencies: ["NavGraphSupport", "NavGraphModel", "NavGraphSchema", "NavGraphGraph", "NavGraphChecks", "NavGraphPlatform"]
        ),
        // .navgraph.yml: reading, layering and writing the configuration.
        .target(
            name: "NavGraphConfig",
            dependencies: ["NavGraphSupport", "NavGraphModel", "NavGraphSchema", "NavGraphGraph", "NavGraphChecks", "NavGraphOutputs"]
        ),
        // The stages above as one import (re-exports only).
        .target(
            name: "NavGraphKit",
            dependencies: ["NavGraphSupport", "NavGraphModel", "NavGraphSchema", "NavGraphGraph", "NavGraphChecks", "NavGraphOutputs", "NavGraphConfig"]
        ),
        // Page/: the HTML page's style sheet and script, compiled in by scripts/embed-page-assets.py.
        .target(name: "NavGraphRender", dependencies: ["NavGraphKit", "CGraphviz"], exclude: ["Page"]),
        // The synthetic registries and apps of the benchmarks and tests (navgraph-synth writes them).
        .target(name: "NavGraphSynthetic", dependencies: ["NavGraphKit"]),
        .target(
            name: "NavGraphScan",
            dependencies: [
                "NavGraphKit", "NavGraphPlatform",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                // XcodeGen specs (`project.yml`) of the project model.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The pipeline as one library call: inputs → registry → graph → scenarios → checks → report.
        .target(name: "NavGraphPipeline", dependencies: ["NavGraphKit", "NavGraphScan", "NavGraphPlatform"]),
        // The command line: parses arguments, runs the pipeline, prints.
        .executableTarget(
            name: "navgraph",
            dependencies: [
                "NavGraphKit", "NavGraphRender", "NavGraphScan", "NavGraphPipeline", "NavGraphPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The benchmarks' and tests' generator of synthetic registries and apps (scripts/bench.sh):
        // a tool of this repository, no product, never installed with navgraph.
        .executableTarget(
            name: "navgraph-synth",
            dependencies: ["NavGraphKit", "NavGraphRender", "NavGraphSynthetic", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .plugin(
            name: "NavGraphCommand",
            capability: .command(
                intent: .custom(verb: "navgraph", description: "Check, render or report an app's navigation graph"),
                permissions: [.writeToPackageDirectory(reason: "navgraph writes diagrams and reports into the package")]
            ),
            dependencies: ["navgraph"],
            path: "Plugins/NavGraphCommand"
        ),
        // Findings inline in Xcode on every build: `navgraph check` on the target it is applied to.
        .plugin(
            name: "NavGraphBuildPlugin",
            capability: .buildTool(),
            dependencies: ["navgraph"],
            path: "Plugins/NavGraphBuild"
        ),
        // The test targets mirror the source targets; what they share is NavGraphTestSupport.
        .target(name: "NavGraphTestSupport", dependencies: ["NavGraphKit", "NavGraphSynthetic"], path: "Tests/NavGraphTestSupport"),
        .testTarget(name: "NavGraphSupportTests", dependencies: ["NavGraphKit", "NavGraphTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "NavGraphModelTests", dependencies: ["NavGraphKit", "NavGraphTestSupport", "NavGraphSynthetic", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "NavGraphSchemaTests", dependencies: ["NavGraphKit", "NavGraphTestSupport", "NavGraphSynthetic", .product(name: "PropertyBased", package: "swift-property-based"), .product(name: "Yams", package: "Yams")], resources: [.copy("Fixtures")]),
        .testTarget(name: "NavGraphGraphTests", dependencies: ["NavGraphKit", "NavGraphTestSupport"]),
        .testTarget(name: "NavGraphChecksTests", dependencies: ["NavGraphKit", "NavGraphTestSupport", "NavGraphSynthetic", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "NavGraphOutputsTests", dependencies: ["NavGraphKit", "NavGraphTestSupport", "NavGraphSynthetic"], resources: [.copy("Fixtures")]),
        .testTarget(name: "NavGraphConfigTests", dependencies: ["NavGraphKit", "NavGraphTestSupport"]),
        .testTarget(name: "NavGraphRenderTests", dependencies: ["NavGraphRender", "NavGraphKit", "NavGraphSynthetic"], exclude: ["Golden"]),
        .testTarget(name: "NavGraphScanTests", dependencies: ["NavGraphScan", "NavGraphKit", "NavGraphSynthetic", "NavGraphTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "NavGraphCLITests", dependencies: ["NavGraphKit", "NavGraphScan", "NavGraphPipeline", "NavGraphPlatform"], exclude: ["DiffGolden"]),
    ]
)
