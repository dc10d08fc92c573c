#!/usr/bin/env bash
# The build-tool plugin (Plugins/NavGraphBuild) as an app's package uses it: a sample package in
# .build/plugin-consumer (generated here, rebuilt incrementally on later runs) depends on this
# checkout by path and applies NavGraphBuildPlugin to four targets, built one by one with `swift build`:
#
#   BrokenApp     RouterService-style sources with planted findings: the build must FAIL and print each
#                 finding at its exact absolute file:line:col (an unhandled route, an unreachable screen;
#                 a baselined one must not appear)
#   CleanApp      clean navigation: builds, and navgraph prints nothing
#   WarnApp       one warning (a route nothing opens): builds, and shows it at its line on every build
#   PlainLib      no navigation at all: builds, and navgraph prints nothing
#   BadConfigLib  its own .navgraph.yml with a value of the wrong type: the build fails with that one
#                 error line at the config's file:line:col
#
# Then a second build of BrokenApp with nothing changed must show the findings again (the plugin runs
# on every build). The first run builds navgraph and swift-syntax in the consumer's own .build (minutes
# on 2 cores); later runs take seconds. Called by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DIR=${PLUGIN_CONSUMER_DIR:-$ROOT/.build/plugin-consumer}
LOG=$DIR/logs
mkdir -p "$DIR" "$LOG"
fail() { echo "build-plugin-check: FAIL: $*" >&2; exit 1; }

# put FILE: standard input into $DIR/FILE, untouched when the bytes are the same (so reruns stay incremental).
put() {
    local path=$DIR/$1 tmp
    mkdir -p "$(dirname "$path")"
    tmp=$(mktemp)
    cat > "$tmp"
    if cmp -s "$tmp" "$path"; then rm -f "$tmp"; else mv "$tmp" "$path"; fi
}

# A path dependency's package identity is its folder's name (navgraph's own name when fetched by URL).
IDENTITY=$(basename "$ROOT" | tr '[:upper:]' '[:lower:]')
# The plugin's own source, hashed into the manifest: SwiftPM does not notice that a path dependency's
# plugin changed until the manifest does.
PLUGIN_HASH=$(cat "$ROOT"/Plugins/NavGraphBuild/*.swift | sha256sum | cut -c1-16)
put Package.swift <<SWIFT
// swift-tools-version:6.0
// Written by scripts/build-plugin-check.sh (plugin source $PLUGIN_HASH).
import PackageDescription

let navgraph: Target.PluginUsage = .plugin(name: "NavGraphBuildPlugin", package: "$IDENTITY")

let package = Package(
    name: "PluginConsumer",
    dependencies: [.package(path: "$ROOT")],
    targets: [
        .target(name: "RouterKit"),
        .target(name: "BrokenApp", dependencies: ["RouterKit"], plugins: [navgraph]),
        .target(name: "CleanApp", dependencies: ["RouterKit"], plugins: [navgraph]),
        .target(name: "WarnApp", dependencies: ["RouterKit"], plugins: [navgraph]),
        .target(name: "PlainLib", plugins: [navgraph]),
        .target(name: "BadConfigLib", plugins: [navgraph]),
    ]
)
SWIFT
# The same versions as this checkout (no resolution against the network).
put Package.resolved < "$ROOT/Package.resolved"

# A RouterService-like framework of the app's own, which both apps import (the scanner learns it from
# these declarations, then leaves the framework's files out of the app).
put Sources/RouterKit/Routing.swift <<'SWIFT'
public final class Screen {
    public let title: String
    public init(_ title: String) { self.title = title }
}

public protocol Route {
    static var identifier: String { get }
}

public protocol Feature {
    init()
    func build(fromRoute route: Route?) -> Screen
}

public protocol RouteHandler {
    var routes: [Route.Type] { get }
    func destination(forRoute route: Route, fromScreen screen: Screen) -> Feature.Type
}

public protocol RouterServiceProtocol {
    func navigate(toRoute route: Route, fromScreen screen: Screen)
}

public final class RouterService: RouterServiceProtocol {
    private var handlers: [String: RouteHandler] = [:]
    public init() {}

    public func register(routeHandler: RouteHandler) {
        for route in routeHandler.routes { handlers[route.identifier] = routeHandler }
    }

    public func navigate(toRoute route: Route, fromScreen screen: Screen) {
        guard let handler = handlers[type(of: route).identifier] else { preconditionFailure("no handler") }
        _ = handler.destination(forRoute: route, fromScreen: screen).init().build(fromRoute: route)
    }

    public func navigationController(withInitialFeature feature: Feature.Type) -> Screen {
        feature.init().build(fromRoute: nil)
    }
}
SWIFT

put Sources/CleanApp/App.swift <<'SWIFT'
import RouterKit

public enum CleanApp {
    public static func start() -> Screen {
        let router = RouterService()
        router.register(routeHandler: ProfileRouteHandler())
        return router.navigationController(withInitialFeature: HomeFeature.self)
    }
}
SWIFT
put Sources/CleanApp/Home.swift <<'SWIFT'
import RouterKit

public struct HomeFeature: Feature {
    let router = RouterService()
    public init() {}

    public func build(fromRoute route: Route?) -> Screen {
        let screen = Screen("Home")
        router.navigate(toRoute: ProfileRoute(), fromScreen: screen)
        return screen
    }
}
SWIFT
put Sources/CleanApp/Profile.swift <<'SWIFT'
import RouterKit

public struct ProfileRoute: Route {
    public static let identifier = "profile"
    public init() {}
}

public struct ProfileFeature: Feature {
    public init() {}
    public func build(fromRoute route: Route?) -> Screen { Screen("Profile") }
}

public struct ProfileRouteHandler: RouteHandler {
    public init() {}
    public var routes: [Route.Type] { [ProfileRoute.self] }
    public func destination(forRoute route: Route, fromScreen screen: Screen) -> Feature.Type {
        ProfileFeature.self
    }
}
SWIFT

# WarnApp: the clean app and a route nothing opens (a warning: the build passes and shows it every time).
put Sources/WarnApp/App.swift <<'SWIFT'
import RouterKit

public enum WarnApp {
    public static func start() -> Screen {
        RouterService().navigationController(withInitialFeature: HomeFeature.self)
    }
}

public struct HomeFeature: Feature {
    public init() {}
    public func build(fromRoute route: Route?) -> Screen { Screen("Home") }
}

public struct HelpRoute: Route { // planted: nothing opens it
    public static let identifier = "help"
    public init() {}
}
SWIFT

# BrokenApp: the same app with three planted findings. Their lines are found below by their markers.
put Sources/BrokenApp/App.swift <<'SWIFT'
import RouterKit

public enum BrokenApp {
    public static func start() -> Screen {
        let router = RouterService()
        router.register(routeHandler: ProfileRouteHandler())
        return router.navigationController(withInitialFeature: HomeFeature.self)
    }
}
SWIFT
put Sources/BrokenApp/Home.swift <<'SWIFT'
import RouterKit

public struct HomeFeature: Feature {
    let router = RouterService()
    public init() {}

    public func build(fromRoute route: Route?) -> Screen {
        let screen = Screen("Home")
        router.navigate(toRoute: ProfileRoute(), fromScreen: screen)
        router.navigate(toRoute: CartRoute(), fromScreen: screen) // planted: no handler handles CartRoute
        return screen
    }
}
SWIFT
put Sources/BrokenApp/Profile.swift <<'SWIFT'
import RouterKit

public struct ProfileRoute: Route {
    public static let identifier = "profile"
    public init() {}
}

public struct CartRoute: Route {
    public static let identifier = "cart"
    public init() {}
}

public struct ProfileFeature: Feature {
    public init() {}
    public func build(fromRoute route: Route?) -> Screen { Screen("Profile") }
}

public struct OrphanFeature: Feature { // planted: nothing leads here
    public init() {}
    public func build(fromRoute route: Route?) -> Screen { Screen("Orphan") }
}

public struct LegacyFeature: Feature { // planted, but recorded in the baseline: not reported
    public init() {}
    public func build(fromRoute route: Route?) -> Screen { Screen("Legacy") }
}

public struct ProfileRouteHandler: RouteHandler {
    public init() {}
    public var routes: [Route.Type] { [ProfileRoute.self] }
    public func destination(forRoute route: Route, fromScreen screen: Screen) -> Feature.Type {
        ProfileFeature.self
    }
}
SWIFT

put Sources/PlainLib/Math.swift <<'SWIFT'
public enum Math {
    public static func twice(_ x: Int) -> Int { 2 * x }
}
SWIFT

put Sources/BadConfigLib/Lib.swift <<'SWIFT'
public enum BadConfigLib {}
SWIFT
put Sources/BadConfigLib/.navgraph.yml <<'YAML'
# planted: strict takes true or false
strict: sometimes
YAML

# The package's configuration (every target but BadConfigLib reads it): a baseline.
put .navgraph.yml <<'YAML'
baseline: navgraph-baseline.json
YAML
put navgraph-baseline.json <<'JSON'
{"findings": [{"rule": "unreachable-feature", "subject": "LegacyFeature"}], "navgraphBaseline": 1}
JSON

cd "$DIR"
# build TARGET: swift build of one target; its output in $LOG/TARGET.out, its exit code in $rc.
build() {
    echo "== swift build --target $1 (in $DIR)"
    set +e
    swift build --target "$1" >"$LOG/$1.out" 2>&1
    rc=$?
    set -e
}
# at FILE MARKER TEXT: "FILE:LINE:COL" of TEXT on the line holding MARKER (1-based, as compilers count).
at() {
    awk -v m="$2" -v t="$3" -v f="$DIR/$1" 'index($0, m) { print f ":" NR ":" index($0, t); exit }' "$DIR/$1"
}
expect() {  # expect TARGET TEXT: the build output holds TEXT as a whole line's start
    grep -qF -- "$2" "$LOG/$1.out" || { cat "$LOG/$1.out"; fail "$1: expected '$2'"; }
}
# What navgraph printed: lines about the consumer's files, or its own summary lines.
navgraph_lines() { grep -E "^navgraph|^$DIR/" "$LOG/$1.out" || true; }
ran() { grep -q "navgraph check $1" "$LOG/$1.out" || { cat "$LOG/$1.out"; fail "$1: the plugin's command did not run"; }; }

build CleanApp
[[ $rc == 0 ]] || { cat "$LOG/CleanApp.out"; fail "CleanApp: the clean app did not build"; }
ran CleanApp
[[ -z $(navgraph_lines CleanApp) ]] || { cat "$LOG/CleanApp.out"; fail "CleanApp: navgraph printed something for a clean app"; }

build PlainLib
[[ $rc == 0 ]] || { cat "$LOG/PlainLib.out"; fail "PlainLib: a target without navigation did not build"; }
[[ -z $(navgraph_lines PlainLib) ]] || { cat "$LOG/PlainLib.out"; fail "PlainLib: navgraph printed something for a target without navigation"; }

for round in 1 2; do
    build WarnApp
    [[ $rc == 0 ]] || { cat "$LOG/WarnApp.out"; fail "WarnApp: warnings failed the build"; }
    ran WarnApp
    expect WarnApp "$(at Sources/WarnApp/App.swift "planted: nothing opens" HelpRoute): warning: [unused-route]"
done

build BrokenApp
[[ $rc != 0 ]] || { cat "$LOG/BrokenApp.out"; fail "BrokenApp: the build passed despite navigation errors"; }
expect BrokenApp "$(at Sources/BrokenApp/Home.swift "planted: no handler" "router.navigate"): error: [unhandled-route] HomeFeature navigates to 'cart'"
expect BrokenApp "$(at Sources/BrokenApp/Profile.swift "planted: nothing leads" OrphanFeature): error: [unreachable-feature] OrphanFeature"
! grep -q "LegacyFeature" "$LOG/BrokenApp.out" || { cat "$LOG/BrokenApp.out"; fail "BrokenApp: the baselined finding was reported"; }
[[ $(grep -c ": error: \[" "$LOG/BrokenApp.out") == 2 ]] || { cat "$LOG/BrokenApp.out"; fail "BrokenApp: expected exactly the two planted errors"; }

build BadConfigLib
[[ $rc != 0 ]] || { cat "$LOG/BadConfigLib.out"; fail "BadConfigLib: a broken configuration passed"; }
expect BadConfigLib "$(at Sources/BadConfigLib/.navgraph.yml "strict:" sometimes): error: strict must be true or false"
[[ $(navgraph_lines BadConfigLib | wc -l) == 1 ]] || { cat "$LOG/BadConfigLib.out"; fail "BadConfigLib: expected one error line"; }

echo "build-plugin-check: OK (findings at their lines, errors fail the build, clean and plain targets silent)"
